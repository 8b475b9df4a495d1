import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { api } from '../../../lib/api'
import { ToastProvider } from '../../../components/Toast'
import { mockApi, polyfillDialog, renderPage, reply, sampleUser } from '../../../test/utils'
import { PropertyCards } from './PropertyCards'
import { FILL_ALL } from '../rules'
import { properties } from '../testData'

beforeAll(polyfillDialog)
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('the expected rent set by hand', () => {
  it('asks for the rent and first payment date, and sends pence', async () => {
    mockApi((p) => (p === '/api/wallet/properties' ? reply(200, properties) : reply(404)), sampleUser)
    const put = vi.spyOn(api, 'PUT').mockResolvedValue(reply(200, { expectedRent: {} }) as never)
    const user = userEvent.setup()
    renderPage(
      <ToastProvider>
        <PropertyCards period="1M" onPeriod={() => {}} />
      </ToastProvider>,
    )
    const card = await screen.findByRole('article', { name: '3 Mill Lane, Leeds' })
    await user.click(within(card).getByRole('button', { name: 'Set expected rent' }))
    const dialog = screen.getByRole('dialog', { name: 'Expected rent' })
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(within(dialog).getByText(FILL_ALL)).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('Rent (£)'), '950.50')
    await user.selectOptions(within(dialog).getByLabelText('Rent period'), 'weekly')
    await user.clear(within(dialog).getByLabelText('First payment date'))
    await user.type(within(dialog).getByLabelText('First payment date'), '2026-09-01')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('/api/wallet/properties/{propertyId}/rent', {
        params: { path: { propertyId: 'p2' } },
        body: { rentPence: 95050, rentPeriod: 'weekly', firstDueDate: '2026-09-01', endDate: '' },
      }),
    )
  })
})
