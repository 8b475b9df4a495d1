import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../lib/api'
import { mockApi, polyfillDialog, renderPage, reply, sampleUser } from '../../../test/utils'
import DocumentsPage from '../routes/DocumentsPage'
import { addDays, addMonths, MSG, todayInLondon } from '../rules'
import { cert, certificatesAnswer, property } from '../testData'
import { uploadCertificateFile } from '../api/uploadCertificateFile'
import { createCertificateWithFile } from '../api/createCertificate'

vi.mock('../api/uploadCertificateFile', () => ({ uploadCertificateFile: vi.fn() }))
const upload = vi.mocked(uploadCertificateFile)
vi.mock('../api/createCertificate', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/createCertificate')>()),
  createCertificateWithFile: vi.fn(),
}))
const createWithFile = vi.mocked(createCertificateWithFile)

beforeAll(polyfillDialog)
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  upload.mockReset()
  createWithFile.mockReset()
})

const path = '/documents/:view'
const base = '/documents/Certificates?details=true&propertyId=p1'

function serve(answer = certificatesAnswer()) {
  return mockApi((p) => {
    if (p === '/api/properties') return reply(200, { properties: [property] })
    if (p === '/api/documents/certificates') return reply(200, answer)
    return reply(404, { error: { code: 'not_found', message: `no ${p}` } })
  }, sampleUser)
}

const pdf = () => new File(['%PDF-1.4 test'], 'cp12.pdf', { type: 'application/pdf' })

describe('uploading a certificate', () => {
  it('prefills the expiry from the type’s term and follows the issue date until one is typed', async () => {
    serve()
    renderPage(<DocumentsPage />, { path, initialEntries: [`${base}&view=upload&certType=gas-safety`] })
    const today = todayInLondon()
    const issued = await screen.findByLabelText('Issue date')
    expect(issued).toHaveValue(today)
    expect(screen.getByLabelText('Expiry date')).toHaveValue(addMonths(today, 12))
    fireEvent.change(issued, { target: { value: '2026-01-15' } })
    await waitFor(() => expect(screen.getByLabelText('Expiry date')).toHaveValue('2027-01-15'))
    // Another type, another term (EICR: 5 years) and the EPC rating only for an EPC.
    expect(screen.queryByLabelText('EPC rating')).not.toBeInTheDocument()
    fireEvent.change(screen.getByLabelText('Certificate type'), { target: { value: 'epc' } })
    await waitFor(() => expect(screen.getByLabelText('Expiry date')).toHaveValue('2036-01-15'))
    expect(screen.getByLabelText('EPC rating')).toBeInTheDocument()
    // Typed by hand: kept.
    fireEvent.change(screen.getByLabelText('Expiry date'), { target: { value: '2035-12-01' } })
    fireEvent.change(issued, { target: { value: '2026-02-01' } })
    await new Promise((r) => setTimeout(r, 10))
    expect(screen.getByLabelText('Expiry date')).toHaveValue('2035-12-01')
    // Both pickers: files and the camera.
    expect(screen.getByLabelText('Take a photo')).toHaveAttribute('capture', 'environment')
    expect(screen.getByLabelText('Choose files')).toHaveAttribute('multiple')
  })

  it('needs a file, refuses wrong ones on the spot, then saves the certificate with its file in one request', async () => {
    const { post } = serve()
    createWithFile.mockResolvedValue(cert({ id: 'new1' }))
    const { router } = renderPage(<DocumentsPage />, { path, initialEntries: [`${base}&view=upload&certType=gas-safety`] })
    const expires = addDays(todayInLondon(), 20)
    fireEvent.change(await screen.findByLabelText('Expiry date'), { target: { value: expires } })
    fireEvent.click(screen.getByRole('button', { name: 'Save certificate' }))
    expect(await screen.findByText(MSG.needFile)).toBeInTheDocument()
    expect(createWithFile).not.toHaveBeenCalled()

    fireEvent.change(screen.getByLabelText('Choose files'), { target: { files: [new File(['x'], 'notes.docx', { type: 'application/msword' }), pdf()] } })
    expect(await screen.findByText(MSG.fileType)).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Remove notes.docx' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save certificate' }))
    await waitFor(() => expect(createWithFile).toHaveBeenCalledTimes(1))
    expect(createWithFile.mock.calls[0][0]).toEqual({ propertyId: 'p1', type: 'gas-safety', name: '', issuedOn: todayInLondon(), expiresOn: expires, epcRating: '', notes: '' })
    expect(createWithFile.mock.calls[0][1].name).toBe('cp12.pdf')
    expect(post).not.toHaveBeenCalled()
    expect(upload).not.toHaveBeenCalled()
    await waitFor(() => expect(router.state.location.search).toBe('?details=true&propertyId=p1&certType=gas-safety'))
  })

  it('records an EICR’s outcome (an unsatisfactory one opens a repair); other types have none', async () => {
    serve()
    createWithFile.mockResolvedValue(cert({ id: 'new6' }))
    renderPage(<DocumentsPage />, { path, initialEntries: [`${base}&view=upload&certType=eicr`] })
    const outcome = await screen.findByLabelText('Outcome (optional)')
    expect(outcome).toHaveAccessibleDescription(/opens a repair in Maintenance/)
    fireEvent.change(outcome, { target: { value: 'unsatisfactory' } })
    fireEvent.change(screen.getByLabelText('Choose files'), { target: { files: [pdf()] } })
    fireEvent.click(screen.getByRole('button', { name: 'Save certificate' }))
    await waitFor(() => expect(createWithFile).toHaveBeenCalledTimes(1))
    expect(createWithFile.mock.calls[0][0]).toMatchObject({ type: 'eicr', outcome: 'unsatisfactory' })
    fireEvent.change(screen.getByLabelText('Certificate type'), { target: { value: 'epc' } })
    expect(screen.queryByLabelText('Outcome (optional)')).not.toBeInTheDocument()
  })

  it('shows the server’s field errors and keeps what was typed and chosen', async () => {
    serve()
    createWithFile.mockRejectedValue(new ApiError(400, { code: 'invalid', message: 'Please check the form.', fields: { expiresOn: 'The expiry date must be after the issue date.' } }))
    renderPage(<DocumentsPage />, { path, initialEntries: [`${base}&view=upload&certType=gas-safety`] })
    fireEvent.change(await screen.findByLabelText('Notes (optional)'), { target: { value: 'Boiler in the loft' } })
    fireEvent.change(screen.getByLabelText('Choose files'), { target: { files: [pdf()] } })
    fireEvent.click(screen.getByRole('button', { name: 'Save certificate' }))
    expect(await screen.findByText('The expiry date must be after the issue date.')).toBeInTheDocument()
    expect(screen.getByLabelText('Notes (optional)')).toHaveValue('Boiler in the loft')
    expect(within(screen.getByRole('list', { name: 'Files to upload' })).getByText('cp12.pdf')).toBeInTheDocument()
    expect(upload).not.toHaveBeenCalled()
  })

  it('refuses an expiry later than the term the law fixes, with the server’s message at the expiry date', async () => {
    serve()
    renderPage(<DocumentsPage />, { path, initialEntries: [`${base}&view=upload&certType=gas-safety`] })
    fireEvent.change(await screen.findByLabelText('Issue date'), { target: { value: '2026-01-10' } })
    const expiry = screen.getByLabelText('Expiry date')
    await waitFor(() => expect(expiry).toHaveValue('2027-01-10'))
    expect(expiry).toHaveAttribute('max', '2027-03-10') // a check made early keeps the old date: 14 months
    expect(screen.getByText(/term the law sets/)).toBeInTheDocument()
    fireEvent.change(expiry, { target: { value: '2028-01-10' } })
    fireEvent.change(screen.getByLabelText('Choose files'), { target: { files: [pdf()] } })
    fireEvent.click(screen.getByRole('button', { name: 'Save certificate' }))
    const msg = 'A Gas Safety Certificate lasts 12 months, or up to 14 months when the check was made in the 2 months before the last one ran out: it expires by 10 March 2027.'
    // At the expiry date: its error, and what the field is described by.
    expect(await screen.findByText(msg)).toHaveAttribute('id', 'cf-expires-error')
    expect(expiry).toHaveAttribute('aria-invalid', 'true')
    expect(expiry.getAttribute('aria-describedby')).toContain('cf-expires-error')
    expect(createWithFile).not.toHaveBeenCalled()
    // Sooner is allowed: saved.
    createWithFile.mockResolvedValue(cert({ id: 'new5' }))
    fireEvent.change(expiry, { target: { value: '2026-12-01' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save certificate' }))
    await waitFor(() => expect(createWithFile).toHaveBeenCalledWith(expect.objectContaining({ issuedOn: '2026-01-10', expiresOn: '2026-12-01' }), expect.anything(), expect.anything()))
  })

  it('shows the server’s term message at the expiry date when an edit is refused', async () => {
    const eicr = cert({ id: 'e1', type: 'eicr', typeName: 'Electrical Installation Condition Report', title: 'Electrical Installation Condition Report', issuedOn: '2025-01-10', expiresOn: '2030-01-10' })
    const { patch } = serve(certificatesAnswer({}, { eicr: { current: [eicr] } }))
    const msg = 'An Electrical Installation Condition Report lasts 5 years: it expires by 10 January 2030.'
    patch.mockImplementation((async () => reply(400, { error: { code: 'invalid', message: msg, fields: { expiresOn: msg } } })) as never)
    renderPage(<DocumentsPage />, { path, initialEntries: [`${base}&view=edit&certificate=e1`] })
    expect(await screen.findByRole('heading', { name: 'Edit Electrical Installation Condition Report' })).toBeInTheDocument()
    fireEvent.change(screen.getByLabelText('Notes (optional)'), { target: { value: 'Checked again' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText(msg)).toHaveAttribute('id', 'cf-expires-error')
    expect(screen.getByLabelText('Expiry date')).toHaveAttribute('aria-invalid', 'true')
    expect(patch).toHaveBeenCalledTimes(1)
  })

  it('a refused file saves nothing (issue 24): no certificate is left; saving again with another file sends both together', async () => {
    const { post, patch } = serve()
    createWithFile.mockRejectedValueOnce(new ApiError(400, { code: 'bad_file_type', message: 'Only PDF, JPEG or PNG files can be uploaded.' }))
    createWithFile.mockResolvedValue(cert({ id: 'new2' }))
    const { router } = renderPage(<DocumentsPage />, { path, initialEntries: [`${base}&view=upload&certType=gas-safety`] })
    fireEvent.change(await screen.findByLabelText('Choose files'), { target: { files: [pdf()] } })
    fireEvent.click(screen.getByRole('button', { name: 'Save certificate' }))
    expect(await screen.findByText('Only PDF, JPEG or PNG files can be uploaded.')).toBeInTheDocument()
    expect(screen.getByText(MSG.notSavedFile)).toBeInTheDocument()
    expect(post).not.toHaveBeenCalled() // no record without its file
    fireEvent.click(screen.getByRole('button', { name: 'Save certificate' }))
    await waitFor(() => expect(createWithFile).toHaveBeenCalledTimes(2))
    expect(patch).not.toHaveBeenCalled()
    expect(upload).not.toHaveBeenCalled()
    await waitFor(() => expect(router.state.location.search).toBe('?details=true&propertyId=p1&certType=gas-safety'))
  })

  it('saves the first file with the certificate and uploads the others after it', async () => {
    serve()
    createWithFile.mockResolvedValue(cert({ id: 'new4' }))
    upload.mockResolvedValue({ id: 'f2', filename: 'page2.pdf', contentType: 'application/pdf', size: 10, uploadedAt: '', url: '', downloadUrl: '' })
    renderPage(<DocumentsPage />, { path, initialEntries: [`${base}&view=upload&certType=gas-safety`] })
    fireEvent.change(await screen.findByLabelText('Choose files'), { target: { files: [pdf(), new File(['%PDF-1.4 2'], 'page2.pdf', { type: 'application/pdf' })] } })
    fireEvent.click(screen.getByRole('button', { name: 'Save certificate' }))
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1))
    expect(createWithFile.mock.calls[0][1].name).toBe('cp12.pdf')
    expect(upload.mock.calls[0][0]).toBe('new4')
    expect(upload.mock.calls[0][1].name).toBe('page2.pdf')
  })

  it('replaces the current certificate: the type is fixed and the old one is named', async () => {
    serve(certificatesAnswer({}, { 'gas-safety': { current: [cert()] } }))
    createWithFile.mockResolvedValue(cert({ id: 'new3' }))
    renderPage(<DocumentsPage />, { path, initialEntries: [`${base}&view=upload&certType=gas-safety&replaces=crt_1`] })
    expect(await screen.findByRole('heading', { name: 'Replace Gas Safety Certificate' })).toBeInTheDocument()
    expect(screen.getByText(/replaces the one that expires on 10\/06\/2026/)).toBeInTheDocument()
    expect(screen.getByLabelText('Certificate type')).toBeDisabled()
    fireEvent.change(screen.getByLabelText('Choose files'), { target: { files: [pdf()] } })
    fireEvent.click(screen.getByRole('button', { name: 'Replace certificate' }))
    await waitFor(() => expect(createWithFile).toHaveBeenCalledWith(expect.objectContaining({ type: 'gas-safety', replaces: 'crt_1' }), expect.anything(), expect.anything()))
  })

  it('edits a certificate: its values, its files, and the name an Other certificate needs', async () => {
    const other = cert({ id: 'o1', type: 'other', typeName: 'Other', name: 'PAT test', title: 'PAT test', notes: 'All fine' })
    const { patch } = serve(certificatesAnswer({}, { other: { current: [other] } }))
    patch.mockImplementation((async () => reply(200, other)) as never)
    renderPage(<DocumentsPage />, { path, initialEntries: [`${base}&view=edit&certificate=o1`] })
    expect(await screen.findByRole('heading', { name: 'Edit PAT test' })).toBeInTheDocument()
    expect(within(screen.getByRole('list', { name: 'Files already saved' })).getByText('cp12.pdf')).toBeInTheDocument()
    fireEvent.change(screen.getByLabelText('Name of the certificate'), { target: { value: '' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText("Please enter the certificate's name.")).toBeInTheDocument()
    fireEvent.change(screen.getByLabelText('Name of the certificate'), { target: { value: 'PAT test 2026' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith('/api/certificates/{id}', {
        params: { path: { id: 'o1' } },
        body: { name: 'PAT test 2026', issuedOn: '2025-06-10', expiresOn: '2026-06-10', epcRating: '', notes: 'All fine' },
      }),
    )
  })
})
