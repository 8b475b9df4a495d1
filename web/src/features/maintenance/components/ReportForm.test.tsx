import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiError, mockApi, renderPage, reply, sampleUser } from '../../../test/utils'
import ReportRepairPage from '../routes/ReportRepairPage'
import { repair, sampleForm } from '../testdata'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const tenant = { ...sampleUser, userType: 'Tenant' as const }

function open(post: (body: unknown) => ReturnType<typeof reply>) {
  const calls = mockApi((path, init) => {
    if (path === '/api/repairs/form') return reply(200, sampleForm)
    if (path === '/api/repairs') return post(init?.body)
    return reply(404, { error: { code: 'not_found', message: 'no' } })
  }, tenant)
  renderPage(<ReportRepairPage />, { path: '/maintenance/report' })
  return calls
}

describe('the repair report', () => {
  it('shows the gas safety advice first, before the rest of the form, and still sends the report', async () => {
    const user = userEvent.setup()
    const { post } = open(() => reply(201, { repair: repair({ id: 'r9', emergency: true, priority: 'emergency' }) }))
    await user.selectOptions(await screen.findByLabelText('What is the problem about?'), 'gas')
    expect(screen.queryByText('If you smell gas, act now')).not.toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: 'I can smell gas' }))

    const advice = screen.getByRole('alert')
    expect(advice).toHaveTextContent('If you smell gas, act now')
    expect(advice).toHaveTextContent('Do not turn any switches on or off')
    expect(screen.getByRole('link', { name: '0800 111 999' })).toHaveAttribute('href', 'tel:0800111999')
    // First: the advice comes before every field of the form, the category included.
    const category = screen.getByLabelText('What is the problem about?')
    expect(advice.compareDocumentPosition(category) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(advice.compareDocumentPosition(screen.getByLabelText('Describe the problem')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(screen.getByText('This report will be recorded as an emergency.')).toBeInTheDocument()

    await user.selectOptions(screen.getByLabelText('Room or part of the home'), 'Kitchen')
    await user.type(screen.getByLabelText('Describe the problem'), 'Smell of gas by the cooker')
    await user.click(screen.getByRole('button', { name: 'Send the report' }))
    await waitFor(() => expect(post).toHaveBeenCalled())
    const body = (post.mock.calls[0][1] as { body: Record<string, unknown> }).body
    expect(body).toMatchObject({ propertyId: 'p1', category: 'gas', answers: { what: 'smell' }, room: 'Kitchen', description: 'Smell of gas by the cooker' })
    expect(body.clientKey).toBeTruthy()
    expect(await screen.findByText('Elsewhere at /maintenance/r9 for Ann Example')).toBeInTheDocument()
  })

  it('shows the server messages beside the fields and keeps what was typed', async () => {
    const user = userEvent.setup()
    open(() =>
      apiError(400, 'invalid', 'Please check the highlighted answers.', {
        'answers.what': 'Please answer this question.',
        description: 'Please keep the description to 2,000 characters or fewer.',
        'vulnerability.consent': 'Please tick the box to agree that we share this with your landlord, or leave the question out.',
      }),
    )
    await user.selectOptions(await screen.findByLabelText('What is the problem about?'), 'water-leaks')
    await user.selectOptions(screen.getByLabelText('Room or part of the home'), 'Bathroom')
    await user.type(screen.getByLabelText('Describe the problem'), 'Water under the bath')
    await user.type(screen.getByLabelText(/When are you available/), 'Weekdays after 4pm')
    await user.click(screen.getByRole('checkbox', { name: 'Yes, I want to tell my landlord' }))
    await user.click(screen.getByRole('checkbox', { name: 'A child under 5' }))
    await user.click(screen.getByRole('button', { name: 'Send the report' }))

    expect(await screen.findByText('Please check the highlighted answers.')).toBeInTheDocument()
    expect(screen.getByText('Please answer this question.')).toBeInTheDocument()
    const desc = screen.getByLabelText('Describe the problem')
    expect(desc).toHaveAttribute('aria-invalid', 'true')
    expect(desc).toHaveAccessibleDescription(/Please keep the description to 2,000 characters or fewer./)
    expect(screen.getByText(/Please tick the box to agree/)).toBeInTheDocument()
    // Nothing typed is lost.
    expect(desc).toHaveValue('Water under the bath')
    expect(screen.getByLabelText('Room or part of the home')).toHaveValue('Bathroom')
    expect(screen.getByLabelText(/When are you available/)).toHaveValue('Weekdays after 4pm')
    expect(screen.getByRole('checkbox', { name: 'A child under 5' })).toBeChecked()
  })

  it('tells a tenant without a signed agreement to contact their landlord', async () => {
    mockApi((path) => (path === '/api/repairs/form' ? reply(200, { ...sampleForm, homes: [] }) : reply(404, {})), tenant)
    renderPage(<ReportRepairPage />, { path: '/maintenance/report' })
    expect(await screen.findByText(/once the tenancy agreement for your home has been signed by everyone/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Send the report' })).not.toBeInTheDocument()
  })
})
