import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiError, mockApi, renderPage, reply, sampleUser } from '../../../test/utils'
import ReportRepairPage from '../routes/ReportRepairPage'
import { repair, sampleForm } from '../testdata'
import { MSG_VIDEO } from './PhotoPicker'

const sendPhotos = vi.hoisted(() => vi.fn(async () => ({ failed: [] as string[] })))
vi.mock('../api/evidence', async (original) => ({ ...(await original<typeof import('../api/evidence')>()), sendPhotos }))

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  sendPhotos.mockClear()
})

const tenant = { ...sampleUser, userType: 'Tenant' as const }

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(await screen.findByLabelText('What is the problem about?'), 'water-leaks')
  await user.selectOptions(screen.getByLabelText('Room or part of the home'), 'Kitchen')
  await user.type(screen.getByLabelText('Describe the problem'), 'Leak under the sink')
}

describe('a report with photos', () => {
  it('sends the photos taken with the camera once the report is recorded', async () => {
    const user = userEvent.setup({ applyAccept: false })
    const { post } = mockApi((path) => {
      if (path === '/api/repairs/form') return reply(200, sampleForm)
      if (path === '/api/repairs') return reply(201, { repair: repair({ id: 'r9' }) })
      return reply(200, { repair: repair({ id: 'r9' }) })
    }, tenant)
    renderPage(<ReportRepairPage />, { path: '/maintenance/report' })
    await fill(user)
    const photo = new File([new Uint8Array(2000)], 'leak.jpg', { type: 'image/jpeg' })
    await user.upload(screen.getByLabelText('Take a photo or video'), photo)
    await user.click(screen.getByRole('button', { name: 'Send the report' }))
    await waitFor(() => expect(sendPhotos).toHaveBeenCalledTimes(1))
    expect(post).toHaveBeenCalledTimes(1)
    expect(sendPhotos).toHaveBeenCalledWith('r9', [{ file: photo, camera: true }])
    expect(await screen.findByText('Elsewhere at /maintenance/r9 for Ann Example')).toBeInTheDocument()
  })

  it('sends a video from the camera with the photos once the report is recorded', async () => {
    const user = userEvent.setup({ applyAccept: false })
    mockApi((path) => {
      if (path === '/api/repairs/form') return reply(200, sampleForm)
      if (path === '/api/repairs') return reply(201, { repair: repair({ id: 'r9' }) })
      return reply(200, { repair: repair({ id: 'r9' }) })
    }, tenant)
    renderPage(<ReportRepairPage />, { path: '/maintenance/report' })
    await fill(user)
    const clip = new File([new Uint8Array(4000)], 'IMG_0042.MOV', { type: 'video/quicktime' })
    await user.upload(screen.getByLabelText('Take a photo or video'), clip)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Send the report' }))
    await waitFor(() => expect(sendPhotos).toHaveBeenCalledWith('r9', [{ file: clip, camera: true }]))
  })

  it('refuses a WebM video in plain words and keeps the report as typed; a refused report sends nothing', async () => {
    const user = userEvent.setup({ applyAccept: false })
    mockApi((path) => {
      if (path === '/api/repairs/form') return reply(200, sampleForm)
      return apiError(400, 'invalid', 'Please check the highlighted answers.', { description: 'Please describe the problem.' })
    }, tenant)
    renderPage(<ReportRepairPage />, { path: '/maintenance/report' })
    await fill(user)
    await user.upload(screen.getByLabelText('Take a photo or video'), new File([new Uint8Array(10)], 'clip.webm', { type: 'video/webm' }))
    expect(screen.getByText(`clip.webm: ${MSG_VIDEO}`)).toBeInTheDocument()
    expect(screen.getByLabelText('Describe the problem')).toHaveValue('Leak under the sink')
    await user.upload(screen.getByLabelText('Take a photo or video'), new File([new Uint8Array(10)], 'leak.jpg', { type: 'image/jpeg' }))
    await user.click(screen.getByRole('button', { name: 'Send the report' }))
    expect(await screen.findByText('Please describe the problem.')).toBeInTheDocument()
    expect(sendPhotos).not.toHaveBeenCalled()
    expect(screen.getByLabelText('Room or part of the home')).toHaveValue('Kitchen')
  })
})
