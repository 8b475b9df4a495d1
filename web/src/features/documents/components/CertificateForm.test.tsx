import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../lib/api'
import { apiError, mockApi, polyfillDialog, renderPage, reply, sampleUser } from '../../../test/utils'
import DocumentsPage from '../routes/DocumentsPage'
import { addDays, addMonths, MSG, todayInLondon } from '../rules'
import { cert, certificatesAnswer, property } from '../testData'
import { uploadCertificateFile } from '../api/uploadCertificateFile'

vi.mock('../api/uploadCertificateFile', () => ({ uploadCertificateFile: vi.fn() }))
const upload = vi.mocked(uploadCertificateFile)

beforeAll(polyfillDialog)
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  upload.mockReset()
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

  it('needs a file, refuses wrong ones on the spot, then saves the certificate and uploads its files', async () => {
    const { post } = serve()
    post.mockImplementation((async () => reply(201, cert({ id: 'new1' }))) as never)
    upload.mockResolvedValue({ id: 'f1', filename: 'cp12.pdf', contentType: 'application/pdf', size: 10, uploadedAt: '', url: '', downloadUrl: '' })
    const { router } = renderPage(<DocumentsPage />, { path, initialEntries: [`${base}&view=upload&certType=gas-safety`] })
    const expires = addDays(todayInLondon(), 20)
    fireEvent.change(await screen.findByLabelText('Expiry date'), { target: { value: expires } })
    fireEvent.click(screen.getByRole('button', { name: 'Save certificate' }))
    expect(await screen.findByText(MSG.needFile)).toBeInTheDocument()
    expect(post).not.toHaveBeenCalled()

    fireEvent.change(screen.getByLabelText('Choose files'), { target: { files: [new File(['x'], 'notes.docx', { type: 'application/msword' }), pdf()] } })
    expect(await screen.findByText(MSG.fileType)).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Remove notes.docx' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save certificate' }))
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1))
    expect(post).toHaveBeenCalledWith('/api/certificates', {
      body: { propertyId: 'p1', type: 'gas-safety', name: '', issuedOn: todayInLondon(), expiresOn: expires, epcRating: '', notes: '' },
    })
    expect(upload.mock.calls[0][0]).toBe('new1')
    expect(upload.mock.calls[0][1].name).toBe('cp12.pdf')
    await waitFor(() => expect(router.state.location.search).toBe('?details=true&propertyId=p1&certType=gas-safety'))
  })

  it('shows the server’s field errors and keeps what was typed and chosen', async () => {
    const { post } = serve()
    post.mockImplementation((async () => apiError(400, 'invalid', 'Please check the form.', { expiresOn: 'The expiry date must be after the issue date.' })) as never)
    renderPage(<DocumentsPage />, { path, initialEntries: [`${base}&view=upload&certType=gas-safety`] })
    fireEvent.change(await screen.findByLabelText('Notes (optional)'), { target: { value: 'Boiler in the loft' } })
    fireEvent.change(screen.getByLabelText('Choose files'), { target: { files: [pdf()] } })
    fireEvent.click(screen.getByRole('button', { name: 'Save certificate' }))
    expect(await screen.findByText('The expiry date must be after the issue date.')).toBeInTheDocument()
    expect(screen.getByLabelText('Notes (optional)')).toHaveValue('Boiler in the loft')
    expect(within(screen.getByRole('list', { name: 'Files to upload' })).getByText('cp12.pdf')).toBeInTheDocument()
    expect(upload).not.toHaveBeenCalled()
  })

  it('keeps a file that failed, and saving again sends only that file to the same certificate', async () => {
    const { post, patch } = serve()
    post.mockImplementation((async () => reply(201, cert({ id: 'new2' }))) as never)
    patch.mockImplementation((async () => reply(200, cert({ id: 'new2' }))) as never)
    upload.mockRejectedValueOnce(new ApiError(400, { code: 'bad_file_type', message: 'Only PDF, JPEG or PNG files can be uploaded.' }))
    upload.mockResolvedValue({ id: 'f1', filename: 'cp12.pdf', contentType: 'application/pdf', size: 10, uploadedAt: '', url: '', downloadUrl: '' })
    renderPage(<DocumentsPage />, { path, initialEntries: [`${base}&view=upload&certType=gas-safety`] })
    fireEvent.change(await screen.findByLabelText('Choose files'), { target: { files: [pdf()] } })
    fireEvent.click(screen.getByRole('button', { name: 'Save certificate' }))
    expect(await screen.findByText('Only PDF, JPEG or PNG files can be uploaded.')).toBeInTheDocument()
    expect(screen.getByText(/The certificate is saved but one file was not uploaded/)).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Save certificate' }))
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(2))
    expect(post).toHaveBeenCalledTimes(1)
    expect(patch).toHaveBeenCalledWith('/api/certificates/{id}', expect.objectContaining({ params: { path: { id: 'new2' } } }))
    expect(upload.mock.calls[1][0]).toBe('new2')
  })

  it('replaces the current certificate: the type is fixed and the old one is named', async () => {
    const { post } = serve(certificatesAnswer({}, { 'gas-safety': { current: [cert()] } }))
    post.mockImplementation((async () => reply(201, cert({ id: 'new3' }))) as never)
    upload.mockResolvedValue({ id: 'f1', filename: 'cp12.pdf', contentType: 'application/pdf', size: 10, uploadedAt: '', url: '', downloadUrl: '' })
    renderPage(<DocumentsPage />, { path, initialEntries: [`${base}&view=upload&certType=gas-safety&replaces=crt_1`] })
    expect(await screen.findByRole('heading', { name: 'Replace Gas Safety Certificate' })).toBeInTheDocument()
    expect(screen.getByText(/replaces the one that expires on 10\/06\/2026/)).toBeInTheDocument()
    expect(screen.getByLabelText('Certificate type')).toBeDisabled()
    fireEvent.change(screen.getByLabelText('Choose files'), { target: { files: [pdf()] } })
    fireEvent.click(screen.getByRole('button', { name: 'Replace certificate' }))
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/certificates', { body: expect.objectContaining({ type: 'gas-safety', replaces: 'crt_1' }) }))
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
