import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, within } from '@testing-library/react'
import { caption, PhotosProvider, PhotoViewer } from './Photos'
import { apiError, mockApi, polyfillDialog, renderPage, reply, sampleUser } from '../../../test/utils'

beforeAll(() => polyfillDialog())

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllEnvs()
})

// A thumbnail says which time it shows, as the report PDF does: the
// camera's date only for a photo captured in the app that no note casts
// doubt on; otherwise the upload time (an outside probe found "Added"
// photos captioned with their file's date, against the glossary).
describe('caption', () => {
  const base = { capturedAt: '2026-07-15T13:00:00Z', uploadedAt: '2026-07-15T13:05:00Z' }
  it('shows the camera date of a photo captured in the app', () => {
    expect(caption({ ...base, origin: 'camera', notes: [] })).toMatch(/^Captured \(via App\) · Taken /)
  })
  it('shows the upload time of an added photo, even with a camera date', () => {
    expect(caption({ ...base, origin: 'upload', notes: [] })).toMatch(/^Added · Uploaded /)
  })
  it('shows the upload time when a note casts doubt', () => {
    expect(caption({ ...base, origin: 'camera', notes: ['The camera date is after the upload.'] })).toMatch(/^Captured \(via App\) · Uploaded /)
  })
  it('shows the upload time when the camera gave no date', () => {
    expect(caption({ origin: 'camera', capturedAt: null, uploadedAt: base.uploadedAt })).toMatch(/· Uploaded /)
  })
  it('writes the time in UK time, as the PDF does, whatever the browser’s zone', () => {
    vi.stubEnv('TZ', 'America/New_York')
    expect(caption({ ...base, origin: 'camera', notes: [] })).toBe('Captured (via App) · Taken 15/07/2026 14:00 BST')
    expect(caption({ ...base, origin: 'upload', notes: [] })).toBe('Added · Uploaded 15/07/2026 14:05 BST')
  })
})

// Issue 43: the evidence dialog showed the camera's time in the browser's
// zone and the note beside it (written by the server) in UK time, so the
// same moment read as two. Every time in it is UK time, with its zone.
describe('the evidence dialog', () => {
  const photo = { name: 'p1.jpg', url: '/api/photos/large/p1.jpg', width: 40, height: 30, thumbUrl: '/api/photos/thumb/p1.jpg', thumbWidth: 40, thumbHeight: 30 }
  const note = 'The camera’s date (15/07/2026 14:00 BST) is after the photo was uploaded (15/07/2026 13:05 BST), which cannot be right: the camera’s date is not relied on.'
  const evidence = {
    name: 'p1.jpg', ownerKind: 'inventory', ownerId: 'r1', sha256: 'ab'.repeat(32), origin: 'camera', cameraNotConfirmed: false,
    capturedAt: '2026-07-15T13:00:00Z', uploadedAt: '2026-07-15T12:05:00Z', notes: [note],
  }

  for (const tz of ['America/Los_Angeles', 'Asia/Kolkata']) {
    it(`shows the camera's date and the upload in UK time beside the note, in ${tz}`, async () => {
      vi.stubEnv('TZ', tz)
      mockApi((path) => (path === '/api/inventory/reports/{id}/photos' ? reply(200, { photos: [photo], evidence: [evidence] }) : apiError(404, 'not_found', path)), sampleUser)
      renderPage(
        <PhotosProvider reportId="r1" update={() => {}}>
          <PhotoViewer photo={photo} onClose={() => {}} />
        </PhotosProvider>,
      )
      const dialog = await screen.findByRole('dialog', { name: 'Photo' })
      const value = async (term: string) => {
        const dt = await within(dialog).findByText(term, { selector: 'dt' })
        return dt.nextElementSibling?.textContent
      }
      expect(await value("Camera's date")).toBe('15/07/2026 14:00 BST')
      expect(await value('Uploaded')).toBe('15/07/2026 13:05 BST')
      // The note names the same moments the same way.
      expect(await value('Note')).toContain('(15/07/2026 14:00 BST)')
      expect(await value('Note')).toContain('(15/07/2026 13:05 BST)')
    })
  }
})
