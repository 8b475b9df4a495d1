import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, within } from '@testing-library/react'
import { mockApi, renderPage, reply } from '../../../test/utils'
import { ContractList, START_DATE_PASSED } from './ContractList'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const row = (id: string, status: string, line: string) => ({
  id, status, paymentStatus: 'COMPLETED', property: { addrFirstLine: line }, contractType: 'Standard whole property',
  createdAt: '2026-11-20T10:00:00Z', mine: true, startDatePassed: false, notice: '',
})

describe('ContractList downloads', () => {
  it('gives completed rows a download icon for the signed PDF', async () => {
    mockApi(() => reply(200, { contracts: [row('c1', 'COMPLETED', '8 Northcote Road'), row('c2', 'ATS', '3 Elm Close')] }))
    renderPage(<ContractList view="completed" landlord onOpen={() => {}} onCreate={() => {}} />)
    const link = await screen.findByRole('link', { name: 'Download 8 Northcote Road' })
    expect(link).toHaveAttribute('href', '/api/contracts/c1/pdf')
    expect(link).toHaveAttribute('download')
    expect(screen.queryByRole('link', { name: 'Download 3 Elm Close' })).not.toBeInTheDocument()
  })
})

describe('ContractList start date passed', () => {
  const notice = 'The tenancy was to start on 1 December 2026, before every tenant had signed, so the agreement can no longer be signed as it is. ' +
    'Withdraw it to change the start date, then sign and send it again; the fee is not charged again.'

  it('marks an awaiting agreement whose start date passed, with the notice its page gives, and no other', async () => {
    mockApi(() => reply(200, { contracts: [
      { ...row('c1', 'ATS', '8 Northcote Road'), startDatePassed: true, notice },
      row('c2', 'ATS', '3 Elm Close'),
    ] }))
    renderPage(<ContractList view="awaiting" landlord onOpen={() => {}} onCreate={() => {}} />)
    const passed = (await screen.findByRole('button', { name: '8 Northcote Road' })).closest('tr')!
    expect(within(passed).getByText(START_DATE_PASSED)).toBeInTheDocument()
    expect(within(passed).getByText(notice)).toBeInTheDocument()
    const later = screen.getByRole('button', { name: '3 Elm Close' }).closest('tr')!
    expect(within(later).queryByText(START_DATE_PASSED)).not.toBeInTheDocument()
    expect(screen.getAllByText(START_DATE_PASSED)).toHaveLength(1)
  })

  it('opens the marked agreement, where it can be withdrawn, when its row is chosen', async () => {
    const onOpen = vi.fn()
    mockApi(() => reply(200, { contracts: [{ ...row('c1', 'ATS', '8 Northcote Road'), startDatePassed: true, notice }] }))
    renderPage(<ContractList view="awaiting" landlord onOpen={onOpen} onCreate={() => {}} />)
    ;(await screen.findByText(START_DATE_PASSED)).click()
    expect(onOpen).toHaveBeenCalledWith('c1')
  })
})
