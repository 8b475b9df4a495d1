import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { api } from '../../../lib/api'
import { mockApi, polyfillDialog, renderPage, reply, sampleUser } from '../../../test/utils'
import DocumentsPage from '../routes/DocumentsPage'
import { cert, certificatesAnswer, property } from '../testData'
import type { CertificatesAnswer } from '../api/keys'
import { ComplianceWarnings } from './ComplianceWarnings'

beforeAll(polyfillDialog)
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const path = '/documents/:view'
const url = '/documents/Certificates?details=true&propertyId=p1'

function serve(answer: CertificatesAnswer) {
  return mockApi((p) => {
    if (p === '/api/properties') return reply(200, { properties: [property] })
    if (p === '/api/documents/certificates') return reply(200, answer)
    return reply(404, { error: { code: 'not_found', message: `no ${p}` } })
  }, sampleUser)
}

describe('the certificates of a property', () => {
  it('shows a certificate due in 20 days in red with the date and the days left, its file, and its actions', async () => {
    serve(certificatesAnswer({}, { 'gas-safety': { current: [cert()], actionNeeded: true } }))
    renderPage(<DocumentsPage />, { path, initialEntries: [url] })
    const gas = await screen.findByRole('region', { name: /Gas Safety Certificate/ })
    const card = within(gas).getByRole('article', { name: 'Gas Safety Certificate' })
    const expiry = card.querySelector('.docs-expiry')!
    expect(expiry).toHaveAttribute('data-status', 'red')
    expect(expiry).toHaveTextContent('Expires 10/06/2026 · 20 days left')
    expect(within(card).getByText('10/06/2025')).toBeInTheDocument() // issued
    expect(within(card).getByRole('link', { name: /^cp12\.pdf/ })).toHaveAttribute('href', '/api/certificates/crt_1/files/cf_1')
    expect(within(card).getByRole('link', { name: 'Download cp12.pdf' })).toHaveAttribute('href', '/api/certificates/crt_1/files/cf_1?download=1')
    expect(within(card).getByRole('link', { name: 'Replace the Gas Safety Certificate' })).toHaveAttribute(
      'href',
      '/documents/Certificates?details=true&propertyId=p1&view=upload&certType=gas-safety&replaces=crt_1',
    )
    expect(within(card).getByRole('link', { name: 'Edit the Gas Safety Certificate' })).toHaveAttribute(
      'href',
      '/documents/Certificates?details=true&propertyId=p1&view=edit&certificate=crt_1',
    )
    // The collapsed sections still say what they hold.
    expect(screen.getByRole('button', { name: /Gas Safety Certificate.*20 days left/ })).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByRole('button', { name: /Electrical Installation Condition Report.*None recorded/ })).toHaveAttribute('aria-expanded', 'false')
    // No vendor booking configured: no button.
    expect(screen.queryByRole('button', { name: /Book a/ })).not.toBeInTheDocument()
  })

  it('marks a missing required certificate, shows the warnings, an EPC below E and the replaced ones as history', async () => {
    serve(
      certificatesAnswer(
        { warnings: [{ type: 'eicr', message: 'This property is published for letting without a valid Electrical Installation Condition Report.' }] },
        {
          eicr: { missing: true, actionNeeded: true },
          epc: {
            current: [cert({ id: 'e2', type: 'epc', title: 'Energy Performance Certificate', epcRating: 'F', status: 'green', daysLeft: 3000, expiryText: '3000 days left', expiresOn: '2034-01-01' })],
            history: [cert({ id: 'e1', type: 'epc', title: 'Energy Performance Certificate', epcRating: 'D', current: false, active: false, replacedBy: 'e2', expiresOn: '2024-01-01' })],
            actionNeeded: true,
          },
        },
      ),
    )
    renderPage(<DocumentsPage />, { path, initialEntries: [url] })
    expect(await screen.findByRole('alert')).toHaveTextContent('without a valid Electrical Installation Condition Report')
    const eicr = screen.getByRole('region', { name: /Electrical Installation/ })
    expect(within(eicr).getByText('Missing')).toBeInTheDocument()
    expect(within(eicr).getByText(/Required to let this property/)).toBeInTheDocument()
    expect(within(eicr).getByRole('link', { name: 'Upload' })).toHaveAttribute('href', '/documents/Certificates?details=true&propertyId=p1&view=upload&certType=eicr')
    const epc = screen.getByRole('region', { name: /Energy Performance/ })
    expect(within(epc).getByText(/F \(below E: the property cannot be let\)/)).toBeInTheDocument()
    expect(within(epc).getByText('Earlier certificates (1)')).toBeInTheDocument()
    expect(within(epc).getByRole('article', { name: 'Energy Performance Certificate (replaced)' })).toHaveTextContent('Expiry 01/01/2024 · replaced')
  })

  it('shows certificates from an inventory report read-only with a link to the report', async () => {
    const fromReport = cert({
      id: 'report:r1:0', readOnly: true, canEdit: false, canDelete: false, files: [], issuedOn: '', status: 'green', daysLeft: 200, expiryText: '200 days left',
      source: { kind: 'inventory-report', reportId: 'r1', reportType: 'Check-in Report', label: 'From the check-in report of 3 March 2026', url: '/NewReport?id=r1&view=preview' },
    })
    serve(certificatesAnswer({}, { 'gas-safety': { current: [fromReport] } }))
    renderPage(<DocumentsPage />, { path, initialEntries: [`${url}&certType=3`] })
    const link = await screen.findByRole('link', { name: 'From the check-in report of 3 March 2026' })
    expect(link).toHaveAttribute('href', '/NewReport?id=r1&view=preview')
    expect(screen.queryByRole('link', { name: /Replace the/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /Edit the/ })).not.toBeInTheDocument()
  })

  it('books a vendor when the server offers it and says when it was requested', async () => {
    const { post } = serve(certificatesAnswer({ vendorBooking: true }, { eicr: { booking: { id: 'vb', propertyId: 'p1', type: 'eicr', requestedAt: '2026-05-02T09:00:00Z', preferredDates: 'x', contact: 'y' } } }))
    post.mockImplementation((async () => reply(201, { id: 'vb2', requestedAt: '2026-05-21T10:00:00Z' })) as never)
    renderPage(<DocumentsPage />, { path, initialEntries: [`${url}&certType=eicr`] })
    const eicr = await screen.findByRole('region', { name: /Electrical Installation/ })
    expect(within(eicr).getByText('Requested on 02/05/2026')).toBeInTheDocument()
    fireEvent.click(within(eicr).getByRole('button', { name: 'Book a certificate check' }))
    const dialog = await screen.findByRole('dialog', { name: 'Book a certificate check' })
    expect(within(dialog).getByLabelText('Contact (phone or e-mail)')).toHaveValue('ann@example.com')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }))
    expect(await within(dialog).findByText('Please say which dates suit you.')).toBeInTheDocument()
    fireEvent.change(within(dialog).getByLabelText('Preferred dates'), { target: { value: 'Any weekday morning' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }))
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/certificates/booking', {
        body: { propertyId: 'p1', type: 'eicr', preferredDates: 'Any weekday morning', contact: 'ann@example.com' },
      }),
    )
    expect(await screen.findByText('Your request was sent. We sent you a copy.')).toBeInTheDocument()
  })

  it('deletes a certificate after asking', async () => {
    serve(certificatesAnswer({}, { 'gas-safety': { current: [cert()], actionNeeded: true } }))
    const del = vi.spyOn(api, 'DELETE').mockImplementation((async () => reply(204)) as never)
    renderPage(<DocumentsPage />, { path, initialEntries: [url] })
    fireEvent.click(await screen.findByRole('button', { name: 'Delete the Gas Safety Certificate' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('Delete this certificate and its files?')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(del).toHaveBeenCalledWith('/api/certificates/{id}', { params: { path: { id: 'crt_1' } } }))
  })
})

describe('the property page’s compliance warnings', () => {
  it('lists what a published property lacks, with a link to its certificates', async () => {
    mockApi(
      () => reply(200, { propertyId: 'p1', published: true, hasGas: true, warnings: [{ type: 'gas-safety', message: 'This property is published for letting without a valid Gas Safety Certificate.' }] }),
      sampleUser,
    )
    renderPage(<ComplianceWarnings propertyId="p1" published />)
    expect(await screen.findByText('This property is published for letting without a valid Gas Safety Certificate.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Upload the certificates' })).toHaveAttribute('href', '/documents/Certificates?details=true&propertyId=p1')
  })

  it('asks nothing for a property that is not published', async () => {
    const { get } = mockApi(() => reply(200, {}), sampleUser)
    renderPage(<ComplianceWarnings propertyId="p1" published={false} />)
    await new Promise((r) => setTimeout(r, 20))
    expect(get).not.toHaveBeenCalledWith('/api/documents/compliance', expect.anything())
  })
})
