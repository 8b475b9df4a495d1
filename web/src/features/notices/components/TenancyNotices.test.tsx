import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiError, mockApi, renderPage, reply, sampleUser } from '../../../test/utils'
import NoticesPage from '../routes/NoticesPage'
import { increase, tenancy } from '../testdata'
import { penceOf } from './ProposeForm'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const tenant = { ...sampleUser, userType: 'Tenant' as const }

const landlordTenancy = tenancy({
  role: 'landlord', increases: [], canPropose: true, canGiveNotice: false, earliestEnd: null,
  nextIncrease: {
    date: '2027-12-01', text: 'Wed 1 Dec 2027', note: 'Counted as if you served the notice today by hand or by e-mail.',
    limits: [
      { key: 'notice', date: '2027-01-02', reason: 'at least two months after the notice is served (served Mon 2 Nov 2026)' },
      { key: 'start', date: '2027-11-30', reason: "not within 52 weeks of the tenancy's start (Tue 1 Dec 2026)" },
    ],
  },
  possession: { text: 'A landlord cannot end a tenancy on OmniRent.', url: 'https://www.gov.uk/evicting-tenants' },
})

describe('rent increases and notices', () => {
  it('shows a tenant the served increase with its day, the change and their right to challenge it, and sends their acceptance', async () => {
    const user = userEvent.setup()
    const { post } = mockApi((path) => {
      if (path === '/api/notices') return reply(200, { tenancies: [tenancy()] })
      if (path === '/api/notices/rent-increases/{id}/accept') return reply(200, { increase: increase({ acceptedByMe: true, canAccept: false }) })
      return reply(404, {})
    }, tenant)
    renderPage(<NoticesPage />, { path: '/notices' })
    const card = await screen.findByRole('article', { name: 'New rent £1,260.00 a month' })
    expect(card).toHaveTextContent('Wed 1 Dec 2027')
    expect(card).toHaveTextContent('+£60.00 a month (5.00%)')
    expect(card).toHaveTextContent('First-tier Tribunal (Property Chamber)')
    expect(within(card).getByRole('link', { name: /How to apply to the tribunal/ })).toHaveAttribute('href', 'https://www.gov.uk/courts-tribunals/first-tier-tribunal-property-chamber')
    // A tenant never sees the landlord's form.
    expect(within(card).queryByText(/asks for/)).not.toBeInTheDocument()
    await user.click(within(card).getByRole('button', { name: 'I accept the new rent' }))
    expect(post).toHaveBeenCalledWith('/api/notices/rent-increases/{id}/accept', { params: { path: { id: 'i1' } } })
    // The earliest end of a notice given today.
    expect(screen.getByText(/the earliest day your tenancy can end is/)).toHaveTextContent('Sun 31 Jan 2027')
  })

  it("shows the landlord the earliest day and its reasons, and keeps what they typed beside the server's refusal", async () => {
    const user = userEvent.setup()
    const why = 'Tue 1 Jun 2027 is too early. The earliest date the law allows is Wed 1 Dec 2027.'
    const { post } = mockApi((path) => {
      if (path === '/api/notices') return reply(200, { tenancies: [landlordTenancy] })
      if (path === '/api/notices/tenancies/{id}/rent-increases') return apiError(400, 'invalid', why, { effectiveOn: why })
      return reply(404, {})
    }, sampleUser)
    renderPage(<NoticesPage />, { path: '/notices' })
    const form = await screen.findByRole('form', { name: 'Propose a new rent' })
    expect(form).toHaveTextContent('The earliest day a new rent can take effect is Wed 1 Dec 2027')
    expect(form).toHaveTextContent("not within 52 weeks of the tenancy's start (Tue 1 Dec 2026)")
    await user.type(within(form).getByLabelText(/New rent, in whole pounds a month/), '1260')
    const date = within(form).getByLabelText('Day the new rent starts (optional)')
    fireEvent.change(date, { target: { value: '2027-06-01' } })
    await user.click(within(form).getByRole('button', { name: 'Prepare the notice' }))
    expect(post).toHaveBeenCalledWith('/api/notices/tenancies/{id}/rent-increases', {
      params: { path: { id: 't1' } }, body: { newRentPence: 126000, effectiveOn: '2027-06-01' },
    })
    expect(await within(form).findByText(why)).toBeInTheDocument()
    expect(date).toHaveAttribute('aria-invalid', 'true')
    expect(within(form).getByLabelText(/New rent/)).toHaveValue('1260')
    // A landlord cannot end the tenancy here: the page says so, with the guidance.
    expect(screen.getByRole('link', { name: /guidance on evicting tenants/ })).toHaveAttribute('href', 'https://www.gov.uk/evicting-tenants')
    expect(screen.queryByRole('button', { name: 'Give notice' })).not.toBeInTheDocument()
  })

  it("shows the landlord the prescribed form's answers with the link to the form itself, never the form's text", async () => {
    const draft = increase({
      status: 'draft', statusText: 'Prepared, not served yet', servedOn: '', servedText: '', method: '', methodText: '', canAccept: false,
      canServe: true, canWithdraw: true,
      form: { name: 'Form 4A', url: 'https://www.gov.uk/guidance/assured-tenancy-forms', note: 'Serve the prescribed Form 4A itself.',
        fields: [{ label: 'Tenants (every tenant named on the agreement)', value: 'Tom Tenant, Tess Tenant' }, { label: 'Proposed new rent', value: '£1,260.00 a month' }] },
    })
    mockApi((path) => (path === '/api/notices' ? reply(200, { tenancies: [{ ...landlordTenancy, canPropose: false, increases: [draft] }] }) : reply(404, {})), sampleUser)
    renderPage(<NoticesPage />, { path: '/notices' })
    const card = await screen.findByRole('article', { name: 'New rent £1,260.00 a month' })
    expect(card).toHaveTextContent('Tom Tenant, Tess Tenant')
    expect(within(card).getByRole('link', { name: /Download Form 4A from GOV.UK/ })).toHaveAttribute('href', 'https://www.gov.uk/guidance/assured-tenancy-forms')
    expect(within(card).getByRole('form', { name: 'Record serving the notice' })).toBeInTheDocument()
    expect(screen.getByText(/One increase at a time/)).toBeInTheDocument()
  })

  it("asks a tenant once more before giving notice, sends it, and shows the server's refusal of a day beside the field", async () => {
    const user = userEvent.setup()
    const why = 'Fri 15 Jan 2027 is too early: a tenant\'s notice must give at least two months. The earliest end date is Sun 31 Jan 2027.'
    const { post } = mockApi((path, init) => {
      if (path === '/api/notices') return reply(200, { tenancies: [tenancy({ increases: [] })] })
      if (path === '/api/notices/tenancies/{id}/tenant-notice') {
        const body = (init as { body?: { endOn: string } } | undefined)?.body
        return body?.endOn ? apiError(400, 'invalid', why, { endOn: why }) : reply(201, { notice: { id: 'n1', tenancyId: 't1', givenByName: 'Tom Tenant', givenAt: '2026-11-02T09:00:00Z', givenText: '09:00 on Mon 2 Nov 2026', endOn: '2027-01-31', endText: 'Sun 31 Jan 2027' } })
      }
      return reply(404, {})
    }, tenant)
    renderPage(<NoticesPage />, { path: '/notices' })
    const form = await screen.findByRole('form', { name: 'Give notice to end the tenancy' })
    const day = within(form).getByLabelText('Day your tenancy ends (optional)')
    fireEvent.change(day, { target: { value: '2027-01-15' } })
    await user.click(within(form).getByRole('button', { name: 'Give notice' }))
    expect(post).not.toHaveBeenCalled()
    // jsdom shows no role for this <dialog> (it leaves it without its open attribute): found by its title.
    const dialog = screen.getByText('Give notice to end your tenancy?').closest('dialog') as HTMLElement
    expect(dialog).toHaveTextContent('A notice from one joint tenant ends the tenancy for every tenant named on the agreement.')
    await user.click(within(dialog).getByText('Give notice now'))
    expect(await within(form).findByText(why)).toBeInTheDocument()
    expect(day).toHaveValue('2027-01-15')
    fireEvent.change(day, { target: { value: '' } })
    await user.click(within(form).getByRole('button', { name: 'Give notice' }))
    await user.click(within(screen.getByText('Give notice to end your tenancy?').closest('dialog') as HTMLElement).getByText('Give notice now'))
    expect(post).toHaveBeenLastCalledWith('/api/notices/tenancies/{id}/tenant-notice', { params: { path: { id: 't1' } }, body: { endOn: '' } })
  })

  it('reads whole pounds only: anything else is sent for the server to refuse', () => {
    expect(penceOf('1,260')).toBe(126000)
    expect(penceOf('£1260')).toBe(126000)
    expect(penceOf('1260.50')).toBe(-1)
    expect(penceOf('-5')).toBe(-1)
    expect(penceOf('')).toBe(-1)
  })
})
