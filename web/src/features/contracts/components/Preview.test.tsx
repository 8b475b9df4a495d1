import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, renderPage, reply } from '../../../test/utils'
import { Preview } from './Preview'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const landlord = { id: 'u1', email: 'lara@example.com', fullName: 'Lara Lord', userType: 'Landlord', role: 'User' }
const tenant = { ...landlord, id: 'u2', email: 'tom@example.com', userType: 'Tenant' }

const doc = {
  title: 'Assured Shorthold Tenancy Agreement', subtitle: 'For letting a furnished or unfurnished house or flat', libraryVersion: '2026.1',
  source: '', disclaimer: 'This agreement is a template.',
  cover: { propertyAddress: '8 Northcote Road', landlord: 'Lara Lord', tenants: ['Tom Tenant'], startDate: '01/12/2026', rent: '£1,200 a month' },
  sections: [{ id: 'parties', number: 1, part: 'A', title: 'Parties', blocks: [{ kind: 'paragraph', runs: [{ text: 'The parties' }] }], edited: false, stale: false }],
  signatures: [{ role: 'Landlord', name: 'Lara Lord' }, { role: 'Tenant', name: 'Tom Tenant' }],
}

function contract(over: Record<string, unknown> = {}) {
  return { id: 'c1', status: 'Draft', paymentStatus: 'PENDING', step: 'finished', mine: true, editable: true, property: { addrFirstLine: '8 Northcote Road' }, ...over }
}

const signing = (over: Record<string, unknown> = {}) => ({
  status: 'ATS', paymentStatus: 'COMPLETED', documentId: 'OR-1', documentHash: 'ff', events: [], canSign: true, verified: false,
  needsPayment: false, waitingFor: '', message: '',
  signers: [{ position: 0, stage: 1, role: 'Tenant', name: 'Tom Tenant', email: 'tom@example.com', signed: false, signedAt: null, method: '', me: true }],
  ...over,
})

describe('Preview signing buttons', () => {
  it("offers the landlord 'Sign and Send' above and below a finished draft", async () => {
    const user = userEvent.setup()
    mockApi((path) => (path === '/api/contracts/{id}/document' ? reply(200, { document: doc, contract: contract() }) : reply(404)), landlord)
    const onSign = vi.fn()
    renderPage(<Preview contractId="c1" onSign={onSign} onEditAnswers={() => {}} />)
    const buttons = await screen.findAllByRole('button', { name: 'Sign and Send' })
    expect(buttons).toHaveLength(2)
    await user.click(buttons[1])
    expect(onSign).toHaveBeenCalled()
    expect(screen.queryByRole('region', { name: 'Signatures' })).not.toBeNull() // the document's own signature page
    expect(screen.queryByRole('list', { name: 'Signers in signing order' })).not.toBeInTheDocument()
  })

  it("shows a sent agreement's signing status and 'Sign' to the signer whose turn it is, without edit buttons", async () => {
    mockApi((path) => {
      if (path === '/api/contracts/{id}/document') return reply(200, { document: doc, contract: contract({ status: 'ATS', mine: false, editable: false }) })
      if (path === '/api/contracts/{id}/signing') return reply(200, signing())
      return reply(404)
    }, tenant)
    renderPage(<Preview contractId="c1" onSign={() => {}} />)
    expect(await screen.findByRole('list', { name: 'Signers in signing order' })).toBeInTheDocument()
    expect(await screen.findAllByRole('button', { name: 'Sign' })).toHaveLength(2)
    expect(screen.queryByRole('button', { name: 'Sign and Send' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Change answers' })).not.toBeInTheDocument()
  })

  it("gives no 'Sign' button when it is not the reader's turn", async () => {
    mockApi((path) => {
      if (path === '/api/contracts/{id}/document') return reply(200, { document: doc, contract: contract({ status: 'ATS', mine: false, editable: false }) })
      if (path === '/api/contracts/{id}/signing') return reply(200, signing({ canSign: false, waitingFor: 'Waiting for Sam to sign' }))
      return reply(404)
    }, tenant)
    renderPage(<Preview contractId="c1" onSign={() => {}} />)
    expect(await screen.findByRole('list', { name: 'Signers in signing order' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument()
  })
})
