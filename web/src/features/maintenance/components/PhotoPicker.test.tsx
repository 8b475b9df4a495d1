import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { MSG_PHOTO_LARGE, MSG_PHOTO_TYPE, MSG_VIDEO, PhotoPicker, photoProblem, type Picked } from './PhotoPicker'

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
  it('refuses a video, a file that is not a photo, and a photo over 5 MB; takes a JPEG and a PNG', () => {
    expect(photoProblem(file('clip.mp4', 'video/mp4'))).toBe(MSG_VIDEO)
    expect(photoProblem(file('clip.mov', ''))).toBe(MSG_VIDEO)
    expect(photoProblem(file('notes.pdf', 'application/pdf'))).toBe(MSG_PHOTO_TYPE)
    expect(photoProblem(file('pic.heic', 'image/heic'))).toBe(MSG_PHOTO_TYPE)
    expect(photoProblem({ name: 'big.jpg', type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe(MSG_PHOTO_LARGE)
    expect(photoProblem(file('leak.jpg', 'image/jpeg'))).toBe('')
    expect(photoProblem(file('leak.png', ''))).toBe('')
  })
})

describe('PhotoPicker', () => {
  it('opens the camera with capture, keeps the photos taken and says why a video is refused', async () => {
    const user = userEvent.setup({ applyAccept: false })
    render(<Harness />)
    const camera = screen.getByLabelText('Take a photo')
    expect(camera).toHaveAttribute('capture', 'environment')
    expect(camera).toHaveAttribute('accept', 'image/*')
    await user.upload(camera, file('clip.mp4', 'video/mp4'))
    expect(screen.getByRole('alert')).toHaveTextContent(`clip.mp4: ${MSG_VIDEO}`)
    expect(screen.getByTestId('camera')).toHaveTextContent('')

    await user.upload(camera, file('leak.jpg', 'image/jpeg'))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    await user.upload(screen.getByLabelText('Choose photos'), [file('a.png', 'image/png'), file('b.png', 'image/png')])
    expect(screen.getByTestId('camera')).toHaveTextContent('leak.jpg:true,a.png:false')
    expect(screen.getByRole('alert')).toHaveTextContent('b.png: You can add up to 2 photos here.')

    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }))
    expect(screen.getByTestId('camera')).toHaveTextContent('a.png:false')
  })
})
