import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { api } from '../../../lib/api'
import { apiError, mockApi, polyfillDialog, renderPage, reply, sampleUser } from '../../../test/utils'
import { PortalDetailsForm } from './PortalDetailsForm'
import { catalogueKey } from '../../../lib/catalogue'
import { imageProblem } from '../../../lib/imageCheck'
import type { Image } from '../photos'
import { propertyKey, type Property } from '../api/keys'

beforeAll(polyfillDialog)
vi.setConfig({ testTimeout: 20_000 })

const property: Property = {
  id: 'p1',
  address: { addrFirstLine: '1 High Street', addrSecondLine: '', town: 'London', postcode: 'SW1A 1AA', country: 'United Kingdom' },
  status: 'Active',
  latitude: null,
  longitude: null,
  nearbyStations: [],
  rentPence: 125000,
  rentCycle: 'Monthly',
  bedroomCount: 1,
  bathroomCount: 1,
  sofasCount: 0,
  propertyType: '', depositPence: null, councilTaxBand: '', councilTaxBands: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'Exempt'], councilTaxNone: '', billChoices: ['Gas', 'Electricity', 'Water', 'Council tax', 'Broadband', 'TV licence'], epcMinimum: 'E', epcRating: '', billsIncluded: [], petsConsidered: null, monthlyRentPence: null, epcExemption: null,
  furnishStatus: '',
  moveInDate: '2026-12-01',
  shortDescription: 'Bright flat',
  images: [],
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
}

function image(n: number): Image {
  const name = `photo${String(n).padStart(11, '0')}.jpg`
  return { name, url: `/api/photos/large/${name}`, width: 1600, height: 1200, thumbUrl: `/api/photos/thumb/${name}`, thumbWidth: 640, thumbHeight: 480 }
}

function file(name: string, type: string, size = 2048): File {
  const f = new File(['x'], name, { type })
  Object.defineProperty(f, 'size', { value: size })
  return f
}

type Answer = { status: number; body?: unknown }
type Sent = { method: string; url: string; file: File; headers: Record<string, string> }

/** FakeXHR stands in for XMLHttpRequest: it records each upload and answers through `answer`. */
class FakeXHR {
  static answer: (f: File) => Answer | Promise<Answer> = () => ({ status: 500 })
  static sent: Sent[] = []
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  onabort: (() => void) | null = null
  status = 0
  responseText = ''
  responseType = ''
  private method = ''
  private url = ''
  private headers: Record<string, string> = {}
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v
  }
  send(body: FormData) {
    const f = body.get('file') as File
    FakeXHR.sent.push({ method: this.method, url: this.url, file: f, headers: this.headers })
    this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 })
    void Promise.resolve(FakeXHR.answer(f)).then((a) => {
      this.status = a.status
      this.responseText = a.body === undefined ? '' : JSON.stringify(a.body)
      this.onload?.()
    })
  }
  abort() {
    this.onabort?.()
  }
}

beforeEach(() => {
  FakeXHR.sent = []
  FakeXHR.answer = () => ({ status: 500 })
  vi.stubGlobal('XMLHttpRequest', FakeXHR)
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

function setup(p: Property = property) {
  mockApi((path) => (path === '/api/properties/{id}' ? reply(200, { property: p }) : apiError(404, 'not_found', 'x')), sampleUser)
  // applyAccept off: the tests choose files the picker would hide, as a drop or another picker may give them.
  const user = userEvent.setup({ delay: null, applyAccept: false })
  const page = renderPage(<PortalDetailsForm property={p} />)
  return { user, ...page }
}

const failedBox = () => screen.getByText('Upload failed.').closest('[role="alert"]') as HTMLElement

describe('imageProblem (the quick look before an upload)', () => {
  it('gives the spec messages for a wrong type or a big file', () => {
    expect(imageProblem({ name: 'a.png', type: 'image/png', size: 10 }, 5 * 1024 * 1024)).toBe('')
    expect(imageProblem({ name: 'a.JPG', type: '', size: 10 }, 5 * 1024 * 1024)).toBe('')
    expect(imageProblem({ name: 'a.gif', type: 'image/gif', size: 10 }, 5 * 1024 * 1024)).toBe('Only PNG and JPEG images are allowed.')
    expect(imageProblem({ name: 'a.heic', type: '', size: 10 }, 5 * 1024 * 1024)).toBe('Only PNG and JPEG images are allowed.')
    expect(imageProblem({ name: 'a.jpg', type: 'image/jpeg', size: 5 * 1024 * 1024 }, 5 * 1024 * 1024)).toBe('')
    expect(imageProblem({ name: 'a.jpg', type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 }, 5 * 1024 * 1024)).toBe('Image size should not be more than 5MB.')
  })
})

describe('PhotoUploader', () => {
  it('refuses wrong types, big files and an eleventh photo at once, uploading only the good one', async () => {
    const nine = { ...property, images: Array.from({ length: 9 }, (_, i) => image(i + 1)) }
    let release: (a: Answer) => void = () => {}
    FakeXHR.answer = () => new Promise((r) => (release = r))
    const { user, qc } = setup(nine)
    expect(await screen.findByText('9 of 10 photos')).toBeInTheDocument()
    expect(within(screen.getByRole('list', { name: 'Property photos' })).getAllByRole('img')).toHaveLength(9)
    // The size limit is the server's, from its catalogue.
    await waitFor(() => expect(qc.getQueryData(catalogueKey)).toBeDefined())

    await user.upload(screen.getByLabelText('Add photos'), [
      file('garden.png', 'image/png'),
      file('plan.gif', 'image/gif'),
      file('huge.jpg', 'image/jpeg', 6 * 1024 * 1024),
      file('extra.jpg', 'image/jpeg'),
    ])
    // The refusals show before the server has answered anything.
    const box = failedBox()
    expect(within(box).getByText('An error occurred while uploading some of your images.')).toBeInTheDocument()
    expect(within(box).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'plan.gif: Only PNG and JPEG images are allowed.',
      'huge.jpg: Image size should not be more than 5MB.',
      'extra.jpg: You can only upload 10 images.',
    ])
    expect(FakeXHR.sent.map((s) => s.file.name)).toEqual(['garden.png'])
    expect(FakeXHR.sent[0].method).toBe('POST')
    expect(FakeXHR.sent[0].url).toBe('/api/properties/p1/images')
    expect(FakeXHR.sent[0].headers['Content-Type']).toBeUndefined() // the browser adds the boundary
    expect(screen.getByRole('progressbar', { name: 'Uploading garden.png' })).toHaveAttribute('value', '50')
    // Saving waits for the upload.
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled()
    expect(screen.getByText('Saving is possible once your photos have finished uploading.')).toBeInTheDocument()

    release({ status: 201, body: { image: image(10) } })
    expect(await screen.findByText('10 of 10 photos')).toBeInTheDocument()
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled()
    expect(screen.getByLabelText('Add photos')).toBeDisabled()
    expect(screen.getByText('You can only upload 10 images.', { selector: '.photos__hint' })).toBeInTheDocument()
    // The property's cache holds the new photo, for the list and the editor.
    expect(qc.getQueryData<Property>(propertyKey('p1'))?.images.map((i) => i.name)).toContain(image(10).name)

    await user.click(screen.getByRole('button', { name: 'Dismiss the upload errors' }))
    expect(screen.queryByText('Upload failed.')).not.toBeInTheDocument()
  })

  it("shows the server's message when it refuses a file the page let through", async () => {
    FakeXHR.answer = () => ({ status: 400, body: { error: { code: 'not_an_image', message: 'Only PNG and JPEG images are allowed.' } } })
    const { user } = setup()
    await user.upload(await screen.findByLabelText('Add photos'), file('notes.jpg', 'image/jpeg'))
    expect(await screen.findByText('Upload failed.')).toBeInTheDocument()
    expect(within(failedBox()).getByRole('listitem')).toHaveTextContent('notes.jpg: Only PNG and JPEG images are allowed.')
    expect(FakeXHR.sent).toHaveLength(1)
    expect(screen.getByText('0 of 10 photos')).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Property photos' })).not.toBeInTheDocument()
  })

  it('uploads each file on its own; when some fail it says Upload failed. and which ones', async () => {
    const pixels = 'This image has too many pixels. Please upload a photo of at most 25 megapixels.'
    let n = 0
    FakeXHR.answer = (f) => {
      if (f.name === 'panorama.jpg') return { status: 400, body: { error: { code: 'too_many_pixels', message: pixels } } }
      if (f.name === 'full.png') return { status: 409, body: { error: { code: 'too_many_images', message: 'You can only upload 10 images.' } } }
      n += 1
      return { status: 201, body: { image: image(n) } }
    }
    const { user } = setup()
    await user.upload(await screen.findByLabelText('Add photos'), [
      file('kitchen.jpg', 'image/jpeg'),
      file('panorama.jpg', 'image/jpeg'),
      file('lounge.png', 'image/png'),
      file('full.png', 'image/png'),
    ])
    // The first photo of a property goes alone (it becomes the cover), then the rest together.
    await waitFor(() => expect(FakeXHR.sent).toHaveLength(4))
    expect(FakeXHR.sent[0].file.name).toBe('kitchen.jpg')
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument())
    expect(screen.getByText('2 of 10 photos')).toBeInTheDocument()
    expect(FakeXHR.sent.map((s) => s.file.name).sort()).toEqual(['full.png', 'kitchen.jpg', 'lounge.png', 'panorama.jpg'])
    const box = failedBox()
    expect(within(box).getByText('Upload failed.')).toBeInTheDocument()
    expect(within(box).getByText('An error occurred while uploading some of your images.')).toBeInTheDocument()
    const lines = within(box).getAllByRole('listitem').map((li) => li.textContent)
    expect(lines.sort()).toEqual([`full.png: You can only upload 10 images.`, `panorama.jpg: ${pixels}`])

    const photos = within(screen.getByRole('list', { name: 'Property photos' })).getAllByRole('img')
    expect(photos).toHaveLength(2)
    expect(photos[0]).toHaveAttribute('src', image(1).thumbUrl)
    expect(photos[0]).toHaveAttribute('width', '640')
    expect(photos[0]).toHaveAttribute('height', '480')
    expect(photos[0]).toHaveAccessibleName('Photo 1 of 2')
    expect(photos[0].parentElement).toHaveTextContent('Cover photo')
  })

  it('asks before deleting a photo, with the spec sentence, then calls DELETE', async () => {
    const two = { ...property, images: [image(1), image(2)] }
    const del = vi.spyOn(api, 'DELETE').mockImplementation((async () => reply(204)) as never)
    const { user, qc } = setup(two)
    expect(await screen.findByText('2 of 10 photos')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Delete photo 1' }))
    const dialog = screen.getByRole('dialog', { name: 'Please confirm' })
    expect(within(dialog).getByText("This upload will be deleted and you can't undo this action. Continue?")).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(del).not.toHaveBeenCalled()
    expect(screen.getByText('2 of 10 photos')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Delete photo 2' }))
    await user.click(within(screen.getByRole('dialog', { name: 'Please confirm' })).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('1 of 10 photos')).toBeInTheDocument()
    expect(del).toHaveBeenCalledWith('/api/properties/{id}/images/{name}', { params: { path: { id: 'p1', name: image(2).name } } })
    const left = within(screen.getByRole('list', { name: 'Property photos' })).getAllByRole('img')
    expect(left).toHaveLength(1)
    expect(left[0]).toHaveAttribute('src', image(1).thumbUrl)
    expect(qc.getQueryData<Property>(propertyKey('p1'))?.images).toEqual([image(1)])
  })

  it('keeps the dialog open with the message when the delete fails', async () => {
    vi.spyOn(api, 'DELETE').mockImplementation((async () => apiError(500, 'internal', 'Something broke.')) as never)
    const { user } = setup({ ...property, images: [image(1)] })
    await user.click(await screen.findByRole('button', { name: 'Delete photo 1' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }))
    expect(await within(screen.getByRole('dialog')).findByText('Something broke.')).toBeInTheDocument()
    expect(screen.getByText('1 of 10 photos')).toBeInTheDocument()
  })
})
