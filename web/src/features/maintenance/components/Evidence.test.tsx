import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage } from '../../../test/utils'
import { repair } from '../testdata'
import { Evidence, HistoryDownload } from './Evidence'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const photo = {
  name: 'AbC123.jpg', url: '/api/photos/large/AbC123.jpg', width: 1600, height: 1200, thumbUrl: '/api/photos/thumb/AbC123.jpg',
  thumbWidth: 640, thumbHeight: 480, sha256: 'f'.repeat(64), capturedAt: '2026-12-07T09:55:00Z', uploadedAt: '2026-12-07T10:01:00Z',
  origin: 'camera' as const, by: 'Tom Tenant', role: 'tenant',
}

describe('a repair’s evidence', () => {
  it('offers the sealed history to download', () => {
    renderPage(<HistoryDownload repair={repair({ id: 'r 7' })} />)
    expect(screen.getByRole('link', { name: 'Download the history (PDF)' })).toHaveAttribute('href', '/api/repairs/r%207/history.pdf')
  })

  it('shows each photo with when it was taken (UK time) and who added it', () => {
    renderPage(<Evidence repair={repair({ photos: [photo] })} />)
    const img = screen.getByRole('img', { name: 'Photo 1, added by Tom Tenant' })
    expect(img).toHaveAttribute('src', photo.thumbUrl)
    expect(screen.getByText(/Taken Mon,? 7 Dec 2026,? 09:55 · Tom Tenant/)).toBeInTheDocument()
    expect(screen.getByLabelText('Take a photo or video')).toHaveAttribute('capture', 'environment')
  })

  it('plays each video in the page, with when it was taken (UK time), its length and who added it', () => {
    const video = { name: 'Vd9.mov', url: '/api/repairs/r1/videos/Vd9.mov', contentType: 'video/quicktime' as const, size: 4_000_000, seconds: 12.5,
      sha256: 'e'.repeat(64), capturedAt: '2026-12-07T09:40:00Z', uploadedAt: '2026-12-07T10:02:00Z', by: 'Tom Tenant', role: 'tenant' }
    renderPage(<Evidence repair={repair({ photos: [photo], videos: [video] })} />)
    const player = screen.getByLabelText('Video 1, added by Tom Tenant')
    expect(player.tagName).toBe('VIDEO')
    expect(player).toHaveAttribute('src', video.url)
    expect(player).toHaveAttribute('controls')
    expect(player).toHaveAttribute('preload', 'metadata')
    expect(screen.getByText(/Taken Mon,? 7 Dec 2026,? 09:40 · 13 s · Tom Tenant/)).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Photo 1, added by Tom Tenant' })).toBeInTheDocument()
  })

  it('says when there is neither a photo nor a video', () => {
    renderPage(<Evidence repair={repair()} />)
    expect(screen.getByText('No photos or videos yet.')).toBeInTheDocument()
  })

  it('lets the landlord attach the original message of a report they logged, and lists it', () => {
    const file = { name: 'x.eml', fileName: 'Dripping tap.eml', contentType: 'message/rfc822', size: 2048, sha256: 'a'.repeat(64),
      uploadedAt: '2026-12-07T10:05:00Z', url: '/api/repairs/r1/files/x.eml' }
    renderPage(<Evidence repair={repair({ viewer: 'landlord', reporterRole: 'landlord', files: [file] })} />)
    expect(screen.getByRole('link', { name: /Dripping tap\.eml/ })).toHaveAttribute('href', file.url)
    expect(screen.getByLabelText('Attach the original message')).toBeInTheDocument()
  })

  it('does not offer the tenant to attach an original message', () => {
    renderPage(<Evidence repair={repair()} />)
    expect(screen.queryByLabelText('Attach the original message')).not.toBeInTheDocument()
  })
})
