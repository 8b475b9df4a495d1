import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, renderPage, reply, sampleUser } from '../../../test/utils'
import { TaxYearView } from './TaxYearView'
import { properties, taxYear } from '../testData'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('the tax year in SA105 boxes', () => {
  it('groups income and expenses by box, keeps finance costs apart, and links each category to its transactions', async () => {
    const onChange = vi.fn()
    mockApi((p) => {
      if (p === '/api/wallet/tax-year') return reply(200, taxYear())
      if (p === '/api/wallet/properties') return reply(200, properties)
      return reply(404)
    }, sampleUser)
    renderPage(<TaxYearView propertyId="" onChange={onChange} />)
    const income = await screen.findByRole('region', { name: 'Income' })
    expect(within(income).getByRole('link', { name: /Box 20: Total rents/ })).toHaveAttribute('href', '/wallet/transactions?from=2026-04-06&to=2027-04-05&box=20')
    expect(within(income).getByRole('link', { name: /^Rent/ })).toHaveAttribute('href', '/wallet/transactions?from=2026-04-06&to=2027-04-05&category=Rent&box=20')
    const finance = screen.getByRole('region', { name: 'Residential finance costs' })
    expect(within(finance).getByText(/tax credit of 20%, £240.00/)).toBeInTheDocument()
    // An empty box is shown but not a link.
    expect(screen.getByText('Box 24: Rent, rates, insurance, ground rents etc.').closest('a')).toBeNull()
    expect(screen.getByRole('link', { name: 'Invoices ZIP' })).toHaveAttribute('href', '/api/wallet/export/invoices.zip?year=2026')
    expect(screen.getByRole('link', { name: 'Summary CSV' })).toHaveAttribute('href', '/api/wallet/export/tax-year.csv?year=2026')

    const user = userEvent.setup()
    await waitFor(() => expect(screen.getByRole('option', { name: '3 Mill Lane, Leeds' })).toBeInTheDocument())
    await user.selectOptions(screen.getByLabelText('Property'), 'p2')
    expect(onChange).toHaveBeenLastCalledWith(2026, 'p2')
    await user.selectOptions(screen.getByLabelText('Tax year'), '2025')
    expect(onChange).toHaveBeenLastCalledWith(2025, '')
  })

  it('says entries dated after today are scheduled and count once their date has come (issue 26)', async () => {
    mockApi((p) => {
      if (p === '/api/wallet/tax-year') return reply(200, taxYear())
      if (p === '/api/wallet/properties') return reply(200, properties)
      return reply(404)
    }, sampleUser)
    renderPage(<TaxYearView propertyId="" onChange={() => {}} />)
    const note = await screen.findByTestId('wl-scheduled-note')
    expect(note).toHaveTextContent('Counted up to today, 26 Nov 2026.')
    expect(note).toHaveTextContent('scheduled, not paid: they count here once their date has come')
    expect(note).toHaveTextContent('Still to come this tax year: 4 entries, £740.00 expenses.')
  })
})
