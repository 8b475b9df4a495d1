import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MSG_MEDIA_TYPE, MSG_PHOTO_LARGE, MSG_VIDEO, MSG_VIDEO_LARGE, PhotoPicker, photoProblem, type Picked } from './PhotoPicker'

afterEach(cleanup)

function Harness() {
  const [picked, setPicked] = useState<Picked[]>([])
  const [problems, setProblems] = useState<string[]>([])
  return (
    <>
      <PhotoPicker picked={picked} onChange={setPicked} problems={problems} onProblems={setProblems} max={2} />
      <output data-testid="camera">{picked.map((p) => `${p.file.name}:${p.camera}`).join(',')}</output>
    </>
  )
}

const file = (name: string, type: string, size = 1000) => new File([new Uint8Array(size)], name, { type })

describe('photoProblem', () => {
  it('takes a JPEG, a PNG, an MP4 and a MOV; refuses a WebM, another file, a photo over 5 MB and a video over 50 MB', () => {
    expect(photoProblem(file('clip.mp4', 'video/mp4'))).toBe('')
    expect(photoProblem(file('IMG_0042.MOV', 'video/quicktime'))).toBe('')
    expect(photoProblem(file('clip.mov', ''))).toBe('')
    expect(photoProblem({ name: 'long.mp4', type: 'video/mp4', size: 50 * 1024 * 1024 + 1 })).toBe(MSG_VIDEO_LARGE)
    expect(photoProblem(file('clip.webm', 'video/webm'))).toBe(MSG_VIDEO)
    expect(photoProblem(file('clip.webm', ''))).toBe(MSG_VIDEO)
    expect(photoProblem(file('clip.avi', 'video/x-msvideo'))).toBe(MSG_MEDIA_TYPE)
    expect(photoProblem(file('notes.pdf', 'application/pdf'))).toBe(MSG_MEDIA_TYPE)
    expect(photoProblem(file('pic.heic', 'image/heic'))).toBe(MSG_MEDIA_TYPE)
    expect(photoProblem({ name: 'big.jpg', type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe(MSG_PHOTO_LARGE)
    expect(photoProblem(file('leak.jpg', 'image/jpeg'))).toBe('')
    expect(photoProblem(file('leak.png', ''))).toBe('')
  })
})

describe('PhotoPicker', () => {
  it('opens the camera for photos and videos, keeps what it took and says why a WebM is refused', async () => {
    const user = userEvent.setup({ applyAccept: false })
    const created = vi.spyOn(URL, 'createObjectURL').mockImplementation((f) => `blob:${(f as File).name}`)
    render(<Harness />)
    const camera = screen.getByLabelText('Take a photo or video')
    expect(camera).toHaveAttribute('capture', 'environment')
    expect(camera).toHaveAttribute('accept', 'image/*,video/mp4,video/quicktime')
    await user.upload(camera, file('clip.webm', 'video/webm'))
    expect(screen.getByRole('alert')).toHaveTextContent(`clip.webm: ${MSG_VIDEO}`)
    expect(screen.getByTestId('camera')).toHaveTextContent('')

    await user.upload(camera, file('leak.mov', 'video/quicktime'))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    const preview = screen.getByLabelText('Video 1: leak.mov')
    expect(preview.tagName).toBe('VIDEO')
    expect(preview).toHaveAttribute('src', 'blob:leak.mov')
    await user.upload(screen.getByLabelText('Choose photos or videos'), [file('a.png', 'image/png'), file('b.png', 'image/png')])
    expect(screen.getByTestId('camera')).toHaveTextContent('leak.mov:true,a.png:false')
    expect(screen.getByRole('img', { name: 'Photo 2: a.png' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('b.png: You can add up to 2 photos or videos here.')

    await user.click(screen.getByRole('button', { name: 'Remove video 1' }))
    expect(screen.getByTestId('camera')).toHaveTextContent('a.png:false')
    created.mockRestore()
  })
})
