import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen } from '@testing-library/react'
import { mockApi, renderPage, reply } from '../../../test/utils'
import { ContractList } from './ContractList'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const row = (id: string, status: string, line: string) => ({
  id, status, paymentStatus: 'COMPLETED', property: { addrFirstLine: line }, contractType: 'Standard whole property',
  createdAt: '2026-11-20T10:00:00Z', mine: true,
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
