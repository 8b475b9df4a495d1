import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, renderPage, reply } from '../../../test/utils'
import { api } from '../../../lib/api'
import { Preview } from './Preview'
import { ACK_NEEDED, CHANGE_NEEDED, MUST_CHANGE, MUST_CHANGE_EDIT, TYPED_NOTE, TYPED_NOTE_MUST_CHANGE, TypedTermFlags } from './TermFlags'

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
    mockApi((path) => (path === '/api/contracts/{id}/document' ? reply(200, { document: doc, contract: contract(), termFlags: [] }) : reply(404)), landlord)
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
      if (path === '/api/contracts/{id}/document') return reply(200, { document: doc, contract: contract({ status: 'ATS', mine: false, editable: false }), termFlags: [] })
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
      if (path === '/api/contracts/{id}/document') return reply(200, { document: doc, contract: contract({ status: 'ATS', mine: false, editable: false }), termFlags: [] })
      if (path === '/api/contracts/{id}/signing') return reply(200, signing({ canSign: false, waitingFor: 'Waiting for Sam to sign' }))
      return reply(404)
    }, tenant)
    renderPage(<Preview contractId="c1" onSign={() => {}} />)
    expect(await screen.findByRole('list', { name: 'Signers in signing order' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument()
  })
})

// An acknowledgeable term (entry needs judgement: lawful in an emergency)
// and one the law prohibits outright (a ban on tenants on benefits).
const entry = 'The landlord may enter the property at any time.'
const dss = 'No DSS or housing benefit tenants.'
const withTerms = {
  ...doc,
  sections: [...doc.sections, { id: 'additional', number: 2, part: 'C', title: 'Additional clauses', edited: false, stale: false,
    blocks: [{ kind: 'p', runs: [{ text: 'The tenant may keep one cat.' }] }, { kind: 'p', runs: [{ text: entry }] }, { kind: 'p', runs: [{ text: dss }] }] }],
}
const flag = (acknowledged: boolean) => ({
  section: 'additional', sectionTitle: 'Additional clauses', term: entry, acknowledged, mustChange: false,
  findings: [{ rule: 'entry', title: 'Entry without notice', why: 'Except in an emergency, the landlord may enter only after 24 hours\' written notice.',
    statute: 'Landlord and Tenant Act 1985, section 11(6)', source: 'https://www.legislation.gov.uk/ukpga/1985/70/section/11', phrase: entry, mustChange: false }],
})
const mustFlag = {
  section: 'additional', sectionTitle: 'Additional clauses', term: dss, acknowledged: false, mustChange: true,
  findings: [{ rule: 'benefits', title: 'Ban on tenants who receive benefits', why: 'Refusing tenants because they receive benefits is unlawful.',
    statute: 'Equality Act 2010', source: 'https://www.legislation.gov.uk/ukpga/2010/15/contents', phrase: dss, mustChange: true }],
}

describe('Preview flagged terms', () => {
  it('marks the flagged term, holds back Sign and Send until the landlord acknowledges it, and sends the acknowledgement', async () => {
    const user = userEvent.setup()
    let acknowledged = false
    mockApi((path) => (path === '/api/contracts/{id}/document' ? reply(200, { document: withTerms, contract: contract(), termFlags: [flag(acknowledged)] }) : reply(404)), landlord)
    const put = vi.spyOn(api, 'PUT').mockImplementation((async () => {
      acknowledged = true
      return reply(200, { termFlags: [flag(true)] })
    }) as never)
    renderPage(<Preview contractId="c1" onSign={() => {}} onEditAnswers={() => {}} />)
    expect(await screen.findByText(/One term is flagged as probably unenforceable/)).toBeInTheDocument()
    expect(screen.getByText(entry, { selector: 'p.agr__flagged *' })).toBeInTheDocument()
    expect(screen.getByText('The tenant may keep one cat.').closest('p')).not.toHaveClass('agr__flagged')
    expect(screen.getByText(/Flagged as probably unenforceable: Entry without notice\./)).toBeInTheDocument()
    expect(screen.queryByText(/The law does not allow this term/)).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Sign and Send' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: /I understand this term is probably unenforceable/ }))
    expect(put).toHaveBeenCalledWith('/api/contracts/{id}/term-acknowledgements', expect.objectContaining({ body: { term: entry, acknowledged: true } }))
    expect(await screen.findAllByRole('button', { name: 'Sign and Send' })).toHaveLength(2)
  })

  it('offers no acknowledgement of a term the law does not allow: it says why and that it must be reworded or removed, and holds back Sign and Send', async () => {
    const user = userEvent.setup()
    let acknowledged = false
    mockApi((path) => (path === '/api/contracts/{id}/document'
      ? reply(200, { document: withTerms, contract: contract(), termFlags: [flag(acknowledged), mustFlag] }) : reply(404)), landlord)
    const put = vi.spyOn(api, 'PUT').mockImplementation((async () => {
      acknowledged = true
      return reply(200, { termFlags: [flag(true), mustFlag] })
    }) as never)
    renderPage(<Preview contractId="c1" onSign={() => {}} onEditAnswers={() => {}} />)
    expect(await screen.findByText(CHANGE_NEEDED(1))).toBeInTheDocument()
    expect(screen.getByText(ACK_NEEDED(1))).toBeInTheDocument()
    expect(screen.getByText(dss, { selector: 'p.agr__flagged *' }).closest('p')).toHaveTextContent(`${dss}Not allowed by law`)
    expect(screen.getByText(entry, { selector: 'p.agr__flagged *' }).closest('p')).toHaveTextContent(`${entry}Flagged as probably unenforceable`)
    // Its explanation, and that it must be reworded or removed; one checkbox only, the other term's.
    expect(screen.getByText(/Not allowed by law: Ban on tenants who receive benefits\./)).toBeInTheDocument()
    expect(screen.queryByText(/Flagged as probably unenforceable: Ban on tenants/)).not.toBeInTheDocument()
    expect(screen.getByText(/Refusing tenants because they receive benefits is unlawful/)).toBeInTheDocument()
    const must = screen.getByText(MUST_CHANGE)
    expect(must.closest('li')).toHaveTextContent(dss)
    expect(must.closest('li')).toHaveTextContent(MUST_CHANGE_EDIT)
    const boxes = screen.getAllByRole('checkbox')
    expect(boxes).toHaveLength(1)
    expect(boxes[0].closest('li')).toHaveTextContent(entry)
    // The other term acknowledged: still no Sign and Send while the term that must change is there.
    await user.click(boxes[0])
    expect(put).toHaveBeenCalledWith('/api/contracts/{id}/term-acknowledgements', expect.objectContaining({ body: { term: entry, acknowledged: true } }))
    expect(await screen.findByRole('checkbox', { checked: true })).toBeInTheDocument()
    expect(screen.queryByText(ACK_NEEDED(1))).not.toBeInTheDocument()
    expect(screen.getByText(CHANGE_NEEDED(1))).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Sign and Send' })).not.toBeInTheDocument()
  })

  it('tells the tenant which terms are flagged, with why, and offers no acknowledgement', async () => {
    mockApi((path) => {
      if (path === '/api/contracts/{id}/document') return reply(200, { document: withTerms, contract: contract({ status: 'ATS', mine: false, editable: false }), termFlags: [flag(true)] })
      if (path === '/api/contracts/{id}/signing') return reply(200, signing())
      return reply(404)
    }, tenant)
    renderPage(<Preview contractId="c1" onSign={() => {}} />)
    expect(await screen.findByText(/One term of this agreement is flagged as probably unenforceable/)).toBeInTheDocument()
    expect(screen.getByText(/the landlord may enter only after 24 hours' written notice/)).toBeInTheDocument()
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument()
    expect(screen.queryByText(MUST_CHANGE)).not.toBeInTheDocument()
  })
})

describe('Typed terms', () => {
  it('says a term the law does not allow must be reworded or removed, as it is typed', async () => {
    mockApi((path) => (path === '/api/contracts/{id}/term-check' ? reply(200, { termFlags: [flag(false), mustFlag] }) : reply(404)), landlord)
    renderPage(<TypedTermFlags contractId="c1" text={`${entry}\n${dss}`} />)
    expect(await screen.findByText(MUST_CHANGE, {}, { timeout: 3000 })).toBeInTheDocument()
    expect(screen.getByText(MUST_CHANGE).closest('li')).toHaveTextContent(dss)
    expect(screen.getAllByText(MUST_CHANGE)).toHaveLength(1)
    expect(screen.getByText(TYPED_NOTE_MUST_CHANGE)).toBeInTheDocument()
    expect(screen.queryByText(TYPED_NOTE)).not.toBeInTheDocument()
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument()
  })

  it('keeps the usual note when every flagged term may be kept', async () => {
    mockApi((path) => (path === '/api/contracts/{id}/term-check' ? reply(200, { termFlags: [flag(false)] }) : reply(404)), landlord)
    renderPage(<TypedTermFlags contractId="c1" text={entry} />)
    expect(await screen.findByText(TYPED_NOTE, {}, { timeout: 3000 })).toBeInTheDocument()
    expect(screen.queryByText(MUST_CHANGE)).not.toBeInTheDocument()
  })
})
