import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { apiError, mockApi, polyfillDialog, renderPage, reply, type Reply } from '../../../test/utils'
import RenterCheckPage, { MSG_BANK_CANCELLED, MSG_BANK_FAILED } from './RenterCheckPage'
import { MSG_DOB, MSG_MOBILE_INCOME, MSG_TERMS, MSG_UNEXPECTED, clampDay, clampMonth, clampYear } from '../declaration'
import type { RenterView } from '../api/keys'
import { sampleReport } from '../testReport'

beforeAll(polyfillDialog)
vi.setConfig({ testTimeout: 20_000 })

let assign: ReturnType<typeof vi.fn>
function stubLocation() {
  assign = vi.fn()
  vi.stubGlobal('location', { ...window.location, assign })
}
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

const NOW = new Date('2026-11-22T10:00:00Z') // latest year of birth: 2008
const PAGE = '/api/renter-checks/{id}/renters/{renterId}'
const DECLARE = '/api/renter-checks/{id}/renters/{renterId}/declaration'
const BANK = '/api/renter-checks/{id}/renters/{renterId}/bank'
const CONSENT = 'http://127.0.0.1/sandbox-bank/consent?state=s1&name=Riley+Renter'

const view = (over: Partial<RenterView> = {}): RenterView => ({
  name: 'Riley Renter',
  email: 'riley@example.com',
  step: 'form',
  failed: false,
  report: null,
  ...over,
})

type Handler = (path: string, init: { body?: unknown; params?: unknown } | undefined) => Reply | Promise<Reply> | undefined

function serve(handler: Handler = () => undefined, page: RenterView | (() => Reply) = view()) {
  return mockApi((path, init) => {
    const r = handler(path, init)
    if (r) return r
    if (path === PAGE) return typeof page === 'function' ? page() : reply(200, page)
    if (path === '/api/site') return reply(200, { supportEmail: 'support@example.com', dataProtectionNumber: 'ZB0' })
    return apiError(500, 'internal', `unexpected ${path}`)
  })
}

function open(entry = '/initiateRefCheck/r1/c1') {
  stubLocation()
  return renderPage(<RenterCheckPage now={NOW} />, { path: '/initiateRefCheck/:renterId/:referenceCheckId', initialEntries: [entry] })
}

const button = () => screen.getByRole('button', { name: 'CONTINUE TO REFERENCE CHECK' })

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Mobile number'), '07700900123')
  await user.type(screen.getByLabelText('Monthly net income (£)'), '2650')
  await user.type(screen.getByLabelText('Day'), '07')
  await user.type(screen.getByLabelText('Month'), '06')
  await user.type(screen.getByLabelText('Year'), '1994')
  await user.click(screen.getByRole('checkbox', { name: 'I agree to Terms of Service and Privacy Policy' }))
}

describe('date of birth rules', () => {
  it('clamps two-digit days and months, and full years', () => {
    expect(clampDay('00')).toBe('01')
    expect(clampDay('45')).toBe('31')
    expect(clampDay('3')).toBe('3')
    expect(clampDay('1a2')).toBe('12')
    expect(clampMonth('00')).toBe('01')
    expect(clampMonth('13')).toBe('12')
    expect(clampMonth('09')).toBe('09')
    expect(clampYear('185', NOW)).toBe('185')
    expect(clampYear('1850', NOW)).toBe('1900')
    expect(clampYear('2009', NOW)).toBe('2008')
    expect(clampYear('2008', NOW)).toBe('2008')
    expect(clampYear('19 94', NOW)).toBe('1994')
  })
})

describe('the self-declaration form', () => {
  it('shows the renter read-only with the info help', async () => {
    serve()
    const user = userEvent.setup({ delay: null })
    open()
    expect(screen.getByRole('heading', { name: 'Reference Check', level: 1 })).toBeInTheDocument()
    expect(await screen.findByLabelText('Full name')).toHaveValue('Riley Renter')
    expect(screen.getByLabelText('Full name')).toHaveAttribute('readonly')
    expect(screen.getByLabelText('E-mail')).toHaveValue('riley@example.com')
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('readonly')
    await user.click(screen.getByRole('button', { name: 'About the reference check' }))
    const help = screen.getByRole('dialog', { name: 'Renting made simple' })
    expect(help).toHaveTextContent('Open banking')
    expect(help).toHaveTextContent('never your bank statements')
  })

  it('moves through the date boxes: clamps, on after two digits, Backspace back, the year limits', async () => {
    serve()
    const user = userEvent.setup({ delay: null })
    open()
    const day = await screen.findByLabelText('Day')
    const month = screen.getByLabelText('Month')
    const year = screen.getByLabelText('Year')

    await user.type(day, 'x4')
    expect(day).toHaveValue('4')
    expect(day).toHaveFocus()
    await user.type(day, '5')
    expect(day).toHaveValue('31')
    expect(month).toHaveFocus()
    await user.keyboard('{Backspace}')
    expect(day).toHaveFocus()
    await user.clear(day)
    await user.type(day, '00')
    expect(day).toHaveValue('01')
    expect(month).toHaveFocus()

    await user.keyboard('13')
    expect(month).toHaveValue('12')
    expect(year).toHaveFocus()
    await user.keyboard('2015')
    expect(year).toHaveValue('2008') // this year minus 18
    await user.clear(year)
    await user.keyboard('1850')
    expect(year).toHaveValue('1900')
    await user.clear(year)
    await user.keyboard('19')
    expect(year).toHaveValue('19')
    await user.keyboard('{Backspace}{Backspace}{Backspace}')
    expect(year).toHaveValue('')
    expect(month).toHaveFocus()
    await user.clear(month)
    await user.keyboard('00')
    expect(month).toHaveValue('01')
  })

  it('says each rule in the spec words, in order, and sends nothing until they are met', async () => {
    const { post } = serve()
    const user = userEvent.setup({ delay: null })
    open()
    await screen.findByLabelText('Mobile number')
    expect(button()).toHaveAttribute('aria-disabled', 'true')

    await user.click(button())
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MSG_MOBILE_INCOME))
    expect(button()).toHaveAccessibleDescription(MSG_MOBILE_INCOME)

    // Numbers only, no whitespace.
    await user.type(screen.getByLabelText('Mobile number'), '07700 900 123')
    expect(screen.getByLabelText('Mobile number')).toHaveValue('07700900123')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    await user.click(button())
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MSG_MOBILE_INCOME))
    await user.type(screen.getByLabelText('Monthly net income (£)'), '£2,650 ')
    expect(screen.getByLabelText('Monthly net income (£)')).toHaveValue('2650')

    await user.click(button())
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MSG_TERMS))
    await user.click(screen.getByRole('checkbox', { name: 'I agree to Terms of Service and Privacy Policy' }))
    expect(button()).toHaveAttribute('aria-disabled', 'true')

    await user.click(button())
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MSG_DOB))
    await user.type(screen.getByLabelText('Day'), '07')
    await user.keyboard('06199')
    await user.click(button())
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MSG_DOB))
    await user.type(screen.getByLabelText('Year'), '4')
    expect(button()).not.toHaveAttribute('aria-disabled')
    expect(button()).toBeEnabled()
    expect(post).not.toHaveBeenCalled()
  })

  it('sends the spec payload once, disabled with a spinner while sending, then goes to the bank', async () => {
    let answer: (r: Reply) => void = () => {}
    const { post } = serve((path) => (path === DECLARE ? new Promise<Reply>((r) => (answer = r)) : undefined))
    const user = userEvent.setup({ delay: null })
    open()
    await screen.findByLabelText('Mobile number')
    await fillValid(user)
    await user.type(screen.getByLabelText("Previous property manager's e-mail (optional)"), ' old.agent@example.com ')
    await user.click(screen.getByRole('checkbox', { name: 'I do not have pets' }))
    await user.click(screen.getByRole('checkbox', { name: "I have the 'Right to Rent' documents" }))

    await user.click(button())
    expect(button()).toBeDisabled()
    expect(button()).toHaveAttribute('aria-busy', 'true')
    expect(button().querySelector('.spinner')).not.toBeNull()
    fireEvent.submit(button().closest('form')!)
    expect(post).toHaveBeenCalledTimes(1)
    expect(post.mock.calls[0][0]).toBe(DECLARE)
    expect(post.mock.calls[0][1]).toEqual({
      params: { path: { id: 'c1', renterId: 'r1' } },
      body: {
        mobile: '07700900123',
        dob: '07/06/1994',
        estIncome: '2650',
        prevLandlordEmail: 'old.agent@example.com',
        pet: true,
        smoking: false,
        rightToRentDoc: true,
        agreeTnC: true,
      },
    })
    await act(async () => answer(reply(200, { status: 'success', url: CONSENT })))
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CONSENT))
    // Still busy while the browser leaves.
    expect(button()).toBeDisabled()
  })

  it("shows the server's refusal, and the catch-all when the call fails unexpectedly", async () => {
    let fail: () => Reply = () => apiError(400, 'invalid', 'Please enter a real date of birth; you must be 18 or over.')
    serve((path) => (path === DECLARE ? fail() : undefined))
    const user = userEvent.setup({ delay: null })
    open()
    await screen.findByLabelText('Mobile number')
    await fillValid(user)
    await user.click(button())
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a real date of birth; you must be 18 or over.')
    expect(button()).toBeEnabled()
    expect(screen.getByLabelText('Mobile number')).toBeEnabled()

    fail = () => apiError(500, 'internal', 'database is down')
    await user.click(button())
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_UNEXPECTED)
    expect(assign).not.toHaveBeenCalled()
  })

  it('opens the Right to Rent explainer and the legal texts as pop-ups', async () => {
    serve()
    const user = userEvent.setup({ delay: null })
    open()
    await user.click(await screen.findByRole('button', { name: "'Right to Rent'" }))
    const rtr = screen.getByRole('dialog', { name: "The 'Right to Rent'" })
    expect(rtr).toHaveTextContent('before the tenancy starts')
    expect(screen.getByRole('checkbox', { name: "I have the 'Right to Rent' documents" })).not.toBeChecked()
    await user.click(within(rtr).getByRole('button', { name: 'Back to the form' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Privacy Policy' }))
    const privacy = screen.getByRole('dialog', { name: 'Privacy Policy' })
    expect(await within(privacy).findByText(/Reference checks and open banking/)).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'I agree to Terms of Service and Privacy Policy' })).not.toBeChecked()
  })
})

describe('the steps after the form', () => {
  it('offers the bank again after a cancelled connection, and goes to its page', async () => {
    const { post } = serve((path) => (path === BANK ? reply(200, { status: 'success', url: CONSENT }) : undefined), view({ step: 'bank' }))
    const user = userEvent.setup({ delay: null })
    open('/initiateRefCheck/r1/c1?bank=cancelled')
    expect(await screen.findByRole('heading', { name: 'Connect your bank' })).toBeInTheDocument()
    expect(screen.getByText(MSG_BANK_CANCELLED)).toBeInTheDocument()
    expect(screen.getByRole('list', { name: 'Progress' }).querySelector('[aria-current="step"]')).toHaveTextContent('Connect your bank')
    await user.click(screen.getByRole('button', { name: 'Connect your bank' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CONSENT))
    expect(post.mock.calls[0]).toEqual([BANK, { params: { path: { id: 'c1', renterId: 'r1' } } }])
  })

  it('asks to connect again when the bank data could not be read', async () => {
    serve(undefined, view({ step: 'bank', failed: true }))
    open()
    expect(await screen.findByText(MSG_BANK_FAILED)).toBeInTheDocument()
    expect(screen.queryByText(MSG_BANK_CANCELLED)).not.toBeInTheDocument()
  })

  it('shows the report being prepared, asks again every 2 s, then the completed message and the renter’s own report', async () => {
    let calls = 0
    const { get } = serve(undefined, () => {
      calls++
      return reply(200, calls < 2 ? view({ step: 'processing' }) : view({ step: 'complete', report: sampleReport }))
    })
    open()
    expect(await screen.findByRole('heading', { name: 'Your report is being prepared' })).toBeInTheDocument()
    expect(screen.getByRole('status', { name: 'Preparing your report' })).toBeInTheDocument()
    const heading = await screen.findByRole('heading', { name: 'Reference check complete' }, { timeout: 4000 })
    expect(heading).toHaveFocus()
    expect(screen.getByText(/a report has been sent to the property manager/)).toBeInTheDocument()
    const own = screen.getByRole('region', { name: 'Your report' })
    expect(within(own).getByText('Rating: Pass')).toBeInTheDocument()
    expect(within(own).getByRole('img', { name: /Bar chart of monthly income and outgoings/ })).toBeInTheDocument()
    expect(get.mock.calls.filter((c) => c[0] === PAGE)).toHaveLength(2)
  })

  it("says the server's words for a link that is not valid", async () => {
    serve(undefined, () => apiError(404, 'not_found', 'This reference check link is not valid.'))
    open()
    expect(await screen.findByRole('alert')).toHaveTextContent('This reference check link is not valid.')
    expect(screen.queryByRole('button', { name: 'CONTINUE TO REFERENCE CHECK' })).not.toBeInTheDocument()
  })
})
