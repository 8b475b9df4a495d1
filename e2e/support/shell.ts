// Helpers for the signed-in shell and the sign-in form.
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test'
import { isPhone } from './helpers'

/** loginForm fills and submits the sign-in form shown on /dashboard when signed out. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('region', { name: 'Welcome back' })
  await expect(form).toBeVisible()
  await form.getByLabel('Email').fill(email)
  // The label may carry the ' - One or more fields are incorrect' note.
  await form.getByLabel(/^Password/).fill(password)
  await form.getByRole('button', { name: 'Login' }).click()
}

/** expectSignInForm checks that the page shows the sign-in form at /dashboard. */
export async function expectSignInForm(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { name: 'Welcome back', level: 1 })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Welcome back' })).toBeVisible()
}

/** expectShell checks the signed-in shell: icon rail on desktop, menu button on a phone, Log out. */
export async function expectShell(page: Page, testInfo: TestInfo): Promise<void> {
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()
  if (isPhone(testInfo)) {
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible()
  } else {
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden()
  }
}

/**
 * mainMenu returns the visible icon menu: the rail on desktop, or the drawer
 * on a phone (opened here).
 */
export async function mainMenu(page: Page, testInfo: TestInfo): Promise<Locator> {
  if (isPhone(testInfo)) {
    await page.getByRole('button', { name: 'Open menu' }).click()
    const drawer = page.getByRole('dialog', { name: 'Main menu' })
    await expect(drawer).toBeVisible()
    return drawer.getByRole('navigation', { name: 'Main menu' })
  }
  return page.getByRole('navigation', { name: 'Main menu' })
}

export async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/$/)
}

/** The people the tour signs in as (a visitor is signed out; a renter is a tenant with no home yet). */
export type Role = 'visitor' | 'renter' | 'tenant' | 'landlord' | 'admin'

/** A control as a person meets it: its ARIA role and accessible name. */
export type Control = { role: string; name: string }

// The roles a person can operate (a listbox's options and a menu's items included).
const controlRoles = new Set([
  'button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio',
  'combobox', 'listbox', 'option', 'textbox', 'searchbox', 'slider', 'spinbutton',
])

type AriaNode = { role?: string; name?: string; text?: string; children?: AriaNode[] }

/**
 * controlsOf lists every control the page shows now, from its accessibility
 * tree: what is hidden (display: none, a closed drawer, aria-hidden) is not
 * in it, a select's options are.
 */
export async function controlsOf(page: Page): Promise<Control[]> {
  const tree = (await page.locator('body').ariaSnapshotJSON()) as unknown as AriaNode | AriaNode[]
  const out: Control[] = []
  const walk = (n: AriaNode) => {
    if (n.role && controlRoles.has(n.role)) out.push({ role: n.role, name: (n.name || n.text || '').trim() })
    for (const c of n.children ?? []) if (typeof c === 'object') walk(c)
  }
  for (const n of Array.isArray(tree) ? tree : [tree]) walk(n)
  return out
}

/**
 * A control a role must not be offered: its ARIA role and accessible name
 * (a string is the whole name), on the pages `on` accepts (every page when
 * absent), and why the role cannot use it.
 */
export type Unusable = { role: string; name: string | RegExp; on?: (route: string) => boolean; why: string }

const path = (route: string) => route.split('?')[0]
const under = (...prefixes: string[]) => (route: string) => prefixes.some((p) => path(route) === p || path(route).startsWith(p + '/'))
// The public pages in the public frame, the same for everyone signed in or
// not: their top navigation (Reference Check, Contract Builder...) and the
// landing page's sections describe the product to anyone, they are not a
// signed-in person's tools.
const marketing = ['/', '/about-us', '/Blog', '/verify', '/privacy-policy', '/terms-of-service', '/no-such-page']
const inShell = (route: string) => !marketing.includes(path(route)) && !path(route).startsWith('/Blog/')

// What only a landlord can use: a tenant, with a home or not yet, has no
// properties, no books, no certificates to keep and nobody to check.
const landlordMenu: Unusable[] = [
  { role: 'link', name: 'Wallet', on: inShell, why: "the wallet is a landlord's books" },
  { role: 'link', name: 'Documents', on: inShell, why: "certificates are kept per property, by its landlord" },
  { role: 'link', name: 'Reference Check', on: inShell, why: 'a landlord checks a renter, not the other way' },
  { role: 'link', name: 'My Properties', on: inShell, why: 'a tenant has no properties' },
  { role: 'link', name: 'Add a Property', on: inShell, why: 'a tenant has no properties' },
]
const landlordControls: Unusable[] = [
  { role: 'button', name: 'All properties', on: under('/listing'), why: "All / My properties is a landlord's view of their own listings" },
  { role: 'button', name: 'My properties', on: under('/listing'), why: "All / My properties is a landlord's view of their own listings" },
  { role: 'button', name: 'Wallet', on: under('/calendar'), why: 'a Wallet filter: a tenant has no books' },
  { role: 'option', name: 'Wallet', on: under('/calendar'), why: 'a Wallet event type: a tenant has no books' },
  { role: 'button', name: 'Draft', on: under('/contract-builder'), why: 'drafts are the landlord\'s agreements being written' },
  { role: 'button', name: /^Create New Tenancy Contract$/i, why: 'a landlord writes the agreement' },
  { role: 'link', name: /^(Initiate New OmniScan Report|Draft OmniScan Reports|Start new report\b)/, why: 'a landlord or inspector makes the inventory report' },
  { role: 'button', name: /^(Add a transaction|Filter transactions)/, why: "the wallet is a landlord's books" },
]
// What only the admin can use.
const adminTools: Unusable[] = [
  { role: 'link', name: 'Admin', why: 'the admin pages are the admin role\'s' },
  { role: 'link', name: /Promo Code|^Write a post$|^Blog posts$/, why: 'promo codes and the blog are written by the admin' },
]

/** notOffered: per role, the controls it must not see on any page it tours. */
export const notOffered: Record<Role, Unusable[]> = {
  visitor: [...landlordControls, ...adminTools],
  renter: [...landlordMenu, ...landlordControls, ...adminTools],
  tenant: [...landlordMenu, ...landlordControls, ...adminTools],
  landlord: adminTools,
  admin: [],
}

/** unusableControls lists the controls on `route` that `role` is offered but cannot use. */
export function unusableControls(role: Role, route: string, controls: Control[]): string[] {
  const out: string[] = []
  for (const rule of notOffered[role]) {
    if (rule.on && !rule.on(route)) continue
    for (const c of controls) {
      if (c.role !== rule.role) continue
      if (typeof rule.name === 'string' ? c.name === rule.name : rule.name.test(c.name))
        out.push(`offers ${c.role} "${c.name}" to a ${role}: ${rule.why}`)
    }
  }
  return [...new Set(out)]
}
