import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { api } from '../../../lib/api'
import { apiError, mockApi, renderPage, reply, sampleUser } from '../../../test/utils'
import DepositsPage from '../routes/DepositsPage'
import { depositTenancy } from '../testdata'
import type { Deduction, Deductions } from '../api/deposit'
import { MSG_PHOTO_COUNT, MSG_PHOTO_LARGE, MSG_PHOTO_TYPE, photoProblem } from './DisputePhotos'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const tenant = { ...sampleUser, userType: 'Tenant' as const }
const file = (name: string, type: string, size = 1000) => new File([new Uint8Array(size)], name, { type })
const serverType = "Please choose a photo: a JPEG or PNG of at most 10 MB. Photos taken with the phone's camera are JPEG."

const photo = (n: number) => ({
  id: `p${n}.jpg`, url: `/api/deposits/lines/l1/answer/photos/p${n}.jpg`, thumbUrl: `/api/deposits/lines/l1/answer/photos/p${n}.jpg/thumb`,
  dateText: 'Taken Fri 30 Oct 2026',
})

const oven: Deduction = {
  id: 'l1', revision: 1, item: 'Kitchen: Oven', reason: 'cleaning', reasonText: 'Cleaning', note: '',
  evidence: { key: 'k', room: 'Kitchen', item: 'Oven', change: 'worse', checkIn: 'Cleanliness: Good', checkOut: 'Cleanliness: Very poor', inPhotos: [], outPhotos: [] },
  costPence: 12500, costText: '£125.00', itemType: '', ageMonths: 0, lifeMonths: 0, chargePence: 12500, chargeText: '£125.00',
  landlordShareText: '£0.00', arithmetic: 'The whole cost is charged: £125.00.', answers: [], state: 'waiting', stateText: 'Waiting for the tenant’s answer',
}

const deductions = (line: Deduction, role: 'tenant' | 'landlord'): Deductions => ({
  tenancyId: 't1', role, address: '12 Park Row', depositText: '£1,200.00', lines: [line], totalText: '£125.00',
  agreedText: '£0.00', disputedText: '£0.00', returnNote: 'Once every tenant has answered every deduction…',
  shares: [{ name: 'Tom Tenant', depositText: '£1,200.00', agreedText: '£0.00', disputedText: '£0.00', returnPence: 120000, returnText: '£1,200.00' }],
})

describe('photoProblem', () => {
  it('takes a JPEG or a PNG of at most 10 MB, and says why anything else is refused', () => {
    expect(photoProblem(file('IMG_0001.JPG', 'image/jpeg'))).toBe('')
    expect(photoProblem(file('door.png', 'image/png'))).toBe('')
    expect(photoProblem(file('door.png', ''))).toBe('')
    expect(photoProblem(file('receipt.pdf', 'application/pdf'))).toBe(MSG_PHOTO_TYPE)
    expect(photoProblem(file('IMG_0002.HEIC', 'image/heic'))).toBe(MSG_PHOTO_TYPE)
    expect(photoProblem({ name: 'big.jpg', type: 'image/jpeg', size: 10 * 1024 * 1024 + 1 })).toBe(MSG_PHOTO_LARGE)
  })
})

describe('a dispute with photos', () => {
  it('sends the dispute, then each photo; says beside the field why one was refused, the comment kept', async () => {
    const user = userEvent.setup({ applyAccept: false })
    vi.spyOn(URL, 'createObjectURL').mockImplementation((f) => `blob:${(f as File).name}`)
    let line = oven
    const { post } = mockApi((path, init) => {
      if (path === '/api/deposits') return reply(200, { tenancies: [depositTenancy({ role: 'tenant', warning: undefined, schemes: undefined })] })
      if (path === '/api/deposits/tenancies/{id}/deductions') return reply(200, deductions(line, 'tenant'))
      if (path === '/api/deposits/lines/{id}/answer') {
        const body = init?.body as { comment: string }
        line = { ...oven, state: 'disputed', stateText: 'Disputed', myAnswer: { name: 'Tom Tenant', revision: 1, answer: 'dispute', comment: body.comment, photos: [] } }
        return reply(200, { line })
      }
      if (path === '/api/deposits/lines/{id}/answer/photos') {
        const f = (init?.body as FormData).get('file') as File
        if (f.name === 'receipt.jpg') return apiError(400, 'not_an_image', serverType)
        const photos = [...(line.myPhotos ?? []), photo((line.myPhotos ?? []).length + 1)]
        line = { ...line, myPhotos: photos, myAnswer: { ...line.myAnswer!, photos } }
        return reply(201, { line })
      }
      return reply(404, {})
    }, tenant)
    renderPage(<DepositsPage />, { path: '/deposits' })
    const article = await screen.findByRole('article', { name: 'Kitchen: Oven: Cleaning' })
    await user.click(within(article).getByRole('button', { name: 'I dispute this' }))
    const form = within(article).getByRole('form', { name: 'Dispute Kitchen: Oven' })
    await user.type(within(form).getByLabelText('Why you dispute it'), 'It was cleaned professionally.')
    // The camera, for the phone; the gallery takes several.
    const camera = within(form).getByLabelText('Take a photo')
    expect(camera).toHaveAttribute('capture', 'environment')
    expect(camera).toHaveAttribute('accept', 'image/*')
    await user.upload(camera, file('inside.jpg', 'image/jpeg'))
    await user.upload(within(form).getByLabelText('Add photos'), [file('door.png', 'image/png'), file('receipt.jpg', 'image/jpeg'), file('notes.pdf', 'application/pdf')])
    // A PDF is refused at once; the others wait, each with a preview and a button to remove it.
    expect(within(form).getByRole('alert')).toHaveTextContent(`notes.pdf: ${MSG_PHOTO_TYPE}`)
    const toSend = within(form).getByRole('list', { name: 'Photos to send' })
    expect(within(toSend).getByRole('img', { name: 'New photo 2: door.png' })).toHaveAttribute('src', 'blob:door.png')
    expect(within(toSend).getAllByRole('img')).toHaveLength(3)
    await user.click(within(form).getByRole('button', { name: 'Send my dispute' }))

    expect(post).toHaveBeenCalledWith('/api/deposits/lines/{id}/answer', {
      params: { path: { id: 'l1' } }, body: { revision: 1, answer: 'dispute', comment: 'It was cleaned professionally.' },
    })
    const sentNames = post.mock.calls.filter(([p]) => p === '/api/deposits/lines/{id}/answer/photos')
      .map(([, init]) => ((init as { body: FormData }).body.get('file') as File).name)
    expect(sentNames).toEqual(['inside.jpg', 'door.png', 'receipt.jpg'])
    expect(await within(form).findByText(`receipt.jpg: ${serverType}`)).toBeInTheDocument()
    expect(within(form).getByLabelText('Why you dispute it')).toHaveValue('It was cleaned professionally.')
    const sent = await within(form).findByRole('list', { name: 'Photos from you' })
    expect(within(sent).getAllByRole('img')).toHaveLength(2)
    expect(within(form).queryByRole('list', { name: 'Photos to send' })).not.toBeInTheDocument()

    // Removing a photo already sent asks the server.
    const del = vi.spyOn(api, 'DELETE').mockImplementation((async () => {
      const photos = [photo(2)]
      line = { ...line, myPhotos: photos, myAnswer: { ...line.myAnswer!, photos } }
      return reply(200, { line })
    }) as never)
    await user.click(within(sent).getByRole('button', { name: 'Remove photo 1' }))
    expect(del).toHaveBeenCalledWith('/api/deposits/lines/{id}/answer/photos/{photo}', { params: { path: { id: 'l1', photo: 'p1.jpg' } } })
  })

  it('refuses a seventh photo before sending it', async () => {
    const user = userEvent.setup({ applyAccept: false })
    vi.spyOn(URL, 'createObjectURL').mockImplementation((f) => `blob:${(f as File).name}`)
    const photos = [1, 2, 3, 4, 5].map(photo)
    const line: Deduction = { ...oven, state: 'disputed', myPhotos: photos, myAnswer: { name: 'Tom Tenant', revision: 1, answer: 'dispute', comment: 'No.', photos } }
    mockApi((path) => {
      if (path === '/api/deposits') return reply(200, { tenancies: [depositTenancy({ role: 'tenant', warning: undefined, schemes: undefined })] })
      if (path === '/api/deposits/tenancies/{id}/deductions') return reply(200, deductions(line, 'tenant'))
      return reply(404, {})
    }, tenant)
    renderPage(<DepositsPage />, { path: '/deposits' })
    const article = await screen.findByRole('article', { name: 'Kitchen: Oven: Cleaning' })
    expect(article).toHaveTextContent('Agreeing removes your photos from this deduction.')
    await user.click(within(article).getByRole('button', { name: 'Change my dispute or photos' }))
    expect(within(article).getByLabelText('Why you dispute it')).toHaveValue('No.')
    await user.upload(within(article).getByLabelText('Add photos'), [file('a.jpg', 'image/jpeg'), file('b.jpg', 'image/jpeg')])
    expect(within(article).getByRole('alert')).toHaveTextContent(`b.jpg: ${MSG_PHOTO_COUNT}`)
    expect(within(within(article).getByRole('list', { name: 'Photos to send' })).getAllByRole('img')).toHaveLength(1)
  })

  it("shows the landlord each tenant's photos beside their comment, each a link to the full size", async () => {
    const photos = [photo(1), photo(2)]
    const line: Deduction = { ...oven, state: 'disputed', stateText: 'Disputed',
      answers: [{ name: 'Tom Tenant', revision: 1, answer: 'dispute', comment: 'It was cleaned professionally.', photos }] }
    mockApi((path) => {
      if (path === '/api/deposits') return reply(200, { tenancies: [depositTenancy({ warning: undefined })] })
      if (path === '/api/deposits/tenancies/{id}/deductions') return reply(200, deductions(line, 'landlord'))
      return reply(404, {})
    }, sampleUser)
    renderPage(<DepositsPage />, { path: '/deposits' })
    const article = await screen.findByRole('article', { name: 'Kitchen: Oven: Cleaning' })
    expect(article).toHaveTextContent('Tom Tenant: disputes it: “It was cleaned professionally.”')
    const list = within(article).getByRole('list', { name: 'Photos from Tom Tenant' })
    const img = within(list).getByRole('img', { name: 'Photo 2 from Tom Tenant' })
    expect(img).toHaveAttribute('src', photos[1].thumbUrl)
    expect(img.closest('a')).toHaveAttribute('href', photos[1].url)
    expect(list).toHaveTextContent('Taken Fri 30 Oct 2026')
    expect(within(list).queryByRole('button')).not.toBeInTheDocument()
  })
})
