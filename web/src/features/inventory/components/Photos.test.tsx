import { describe, expect, it } from 'vitest'
import { caption } from './Photos'

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
})
