// The tools of the left icon menu (spec 1 section 1), shared by the shell menu
// and the dashboard cards.
import type { LucideIcon } from 'lucide-react'
import {
  CalendarDays,
  CircleUserRound,
  ClipboardCheck,
  FileSignature,
  FolderOpen,
  House,
  Newspaper,
  ScanLine,
  ShieldCheck,
  Wallet,
  Wrench,
} from 'lucide-react'
import type { User } from '../../lib/api'

export type Tool = {
  key: string
  /** name is the accessible name and the visible tooltip text. */
  name: string
  /** to is absent for entries that are not clickable (Maintenance). */
  to?: string
  Icon: LucideIcon
  /** Path prefixes for which the entry is highlighted. */
  match: string[]
  description: string
  visible?: (u: User) => boolean
}

export const TOOLS: Tool[] = [
  {
    key: 'reference-check',
    name: 'Reference Check',
    to: '/dashboard',
    Icon: ClipboardCheck,
    match: ['/dashboard', '/checkSuccessful', '/reports'],
    description: 'Buy and track tenant reference checks. Affordability is shown through bank verification.',
  },
  {
    key: 'news',
    name: 'OmniNews',
    to: '/omninews',
    Icon: Newspaper,
    match: ['/omninews'],
    description: 'The latest news from the rental sector.',
  },
  {
    key: 'contracts',
    name: 'Contract Builder',
    to: '/contract-builder',
    Icon: FileSignature,
    match: ['/contract-builder'],
    description: 'Build, sign and send tenancy agreements that follow the law on their start date.',
  },
  {
    key: 'inventory',
    name: 'OmniScan inventory',
    to: '/inventory',
    Icon: ScanLine,
    match: ['/inventory', '/NewReport'],
    description: 'Inventory, check-in, interim and check-out reports with signatures.',
  },
  {
    key: 'wallet',
    name: 'Wallet',
    to: '/wallet',
    Icon: Wallet,
    match: ['/wallet'],
    description: 'Income, expenses and loans for each of your properties.',
    visible: (u) => u.userType === 'Landlord',
  },
  {
    key: 'calendar',
    name: 'Calendar',
    to: '/calendar',
    Icon: CalendarDays,
    match: ['/calendar'],
    description: 'Viewings, certificates, tenancy dates and other events.',
  },
  {
    key: 'listings',
    name: 'Property Listings',
    to: '/listing',
    Icon: House,
    match: ['/listing', '/DetailPage'],
    description: 'Search published rentals and contact their owners.',
  },
  {
    key: 'documents',
    name: 'Documents',
    to: '/documents/menu',
    Icon: FolderOpen,
    match: ['/documents'],
    description: 'Reference checks, contracts and certificates for each property.',
  },
  {
    key: 'maintenance',
    name: 'Maintenance (coming soon)',
    Icon: Wrench,
    match: [],
    description: 'Maintenance requests are coming soon.',
  },
  {
    key: 'profile',
    name: 'Profile',
    to: '/profile/list',
    Icon: CircleUserRound,
    match: ['/profile'],
    description: 'Your properties and account details.',
  },
  {
    key: 'admin',
    name: 'Admin',
    to: '/admin',
    Icon: ShieldCheck,
    match: ['/admin'],
    description: 'Administration of the platform.',
    visible: (u) => u.role === 'Admin',
  },
]

export function toolsFor(user: User): Tool[] {
  return TOOLS.filter((t) => !t.visible || t.visible(user))
}

export function isActive(tool: Tool, pathname: string): boolean {
  return tool.match.some((m) => pathname === m || pathname.startsWith(m + '/'))
}

/** activeTool is the menu entry for the current path, if any. */
export function activeTool(pathname: string): Tool | undefined {
  return TOOLS.find((t) => isActive(t, pathname))
}
