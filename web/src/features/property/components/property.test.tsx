import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, within, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { api } from '../../../lib/api'
import { apiError, mockApi, polyfillDialog, renderPage, reply, sampleUser } from '../../../test/utils'
import { PortalDetailsForm } from './PortalDetailsForm'
import { PropertyList } from './PropertyList'
import { AddressForm } from './AddressForm'
import { EditProperty } from './PropertyEditor'
import { DETAILS_REQUIRED } from '../format'
import type { Property } from '../api/keys'

beforeAll(polyfillDialog)
vi.setConfig({ testTimeout: 20_000 })

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const blank: Property = {
  id: 'p1',
  address: { addrFirstLine: '1 High Street', addrSecondLine: '', town: 'London', postcode: 'SW1A 1AA', country: 'United Kingdom' },
  status: 'Active',
  latitude: null,
  longitude: null,
  nearbyStations: [],
  rentPence: null,
  rentCycle: 'Monthly',
  bedroomCount: 0,
  bathroomCount: 0,
  sofasCount: 0,
  propertyType: '', depositPence: null, councilTaxBand: '', councilTaxBands: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'Exempt'], councilTaxNone: '', billChoices: ['Gas', 'Electricity', 'Water', 'Council tax', 'Broadband', 'TV licence'], epcMinimum: 'E', epcRating: '', billsIncluded: [], petsConsidered: null, monthlyRentPence: null, epcExemption: null,
  furnishStatus: '',
  moveInDate: null,
  shortDescription: '',
  images: [],
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
}

function count(name: string) {
  return within(screen.getByRole('group', { name })).getByRole('status').textContent
}

describe('PortalDetailsForm', () => {
  it('keeps Save and Save and Publish disabled until price, description and a full date are given', async () => {
    mockApi(() => reply(200, { property: blank }), sampleUser)
    const put = vi.spyOn(api, 'PUT').mockImplementation((async () => reply(200, { property: { ...blank, status: 'Published' } })) as never)
    const user = userEvent.setup({ delay: null })
    renderPage(<PortalDetailsForm property={blank} skippable />)
    const save = await screen.findByRole('button', { name: 'Save' })
    const publish = screen.getByRole('button', { name: 'Save and Publish' })
    expect(save).toBeDisabled()
    expect(publish).toBeDisabled()
    expect(screen.getByText(DETAILS_REQUIRED)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'I want to do this later.' })).toHaveAttribute('href', '/profile/list')
    expect(screen.getByText('0 of 10 photos')).toBeInTheDocument()
    expect(screen.getByLabelText('Add photos')).toHaveAttribute('type', 'file')

    await user.type(screen.getByLabelText('Rental price'), '1,2a50')
    expect(screen.getByLabelText('Rental price')).toHaveValue('1250')
    await user.type(screen.getByLabelText('Short description'), 'Bright flat')
    expect(save).toBeDisabled()
    const date = screen.getByLabelText('Move-in date')
    await user.type(date, '0110202')
    expect(date).toHaveValue('01/10/202')
    expect(save).toBeDisabled()
    await user.type(date, '5')
    expect(date).toHaveValue('01/10/2025')
    expect(save).toBeEnabled()
    expect(publish).toBeEnabled()

    await user.click(screen.getByRole('button', { name: 'More bedrooms' }))
    await user.click(screen.getByRole('button', { name: 'More bedrooms' }))
    await user.click(screen.getByRole('radio', { name: 'Weekly' }))
    await user.click(screen.getByRole('radio', { name: 'Furnished' }))
    await user.click(publish)
    expect(put).toHaveBeenCalledWith('/api/properties/{id}/details', {
      params: { path: { id: 'p1' } },
      body: {
        rentPence: 125000,
        rentCycle: 'Weekly',
        bedroomCount: 2,
        bathroomCount: 0,
        sofasCount: 0,
        furnishStatus: 'Furnished',
        moveInDate: '2025-10-01',
        shortDescription: 'Bright flat',
        publish: true,
        // The listing's material information (issue 25) is sent as typed: none yet.
        propertyType: '',
        depositPence: null,
        councilTaxBand: '',
        epcRating: '',
        billsIncluded: [],
        petsConsidered: null,
        epcExemptionType: '',
        epcExemptionRef: '',
      },
    })
    expect(await screen.findByText('Elsewhere at /profile/list for Ann Example')).toBeInTheDocument()
  })

  it('never lets a count go below 0', async () => {
    mockApi(() => reply(200, {}), sampleUser)
    const user = userEvent.setup({ delay: null })
    renderPage(<PortalDetailsForm property={{ ...blank, bathroomCount: 1 }} />)
    await user.click(await screen.findByRole('button', { name: 'Fewer bedrooms' }))
    expect(count('Bedrooms')).toBe('Bedrooms: 0')
    await user.click(screen.getByRole('button', { name: 'Fewer bathrooms' }))
    await user.click(screen.getByRole('button', { name: 'Fewer bathrooms' }))
    expect(count('Bathrooms')).toBe('Bathrooms: 0')
    await user.click(screen.getByRole('button', { name: 'More living rooms' }))
    await user.click(screen.getByRole('button', { name: 'Fewer living rooms' }))
    await user.click(screen.getByRole('button', { name: 'Fewer living rooms' }))
    expect(count('Living rooms')).toBe('Living rooms: 0')
    expect(screen.queryByRole('link', { name: 'I want to do this later.' })).not.toBeInTheDocument()
  })

  it('offers the bands where the home is, and none in Northern Ireland, where it sends no band', async () => {
    mockApi(() => reply(200, { property: blank }), sampleUser)
    const { unmount } = renderPage(<PortalDetailsForm property={{ ...blank, councilTaxBands: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'Exempt'] }} />)
    const options = within(await screen.findByLabelText('Council tax band')).getAllByRole('option').map((o) => o.textContent)
    expect(options).toContain('Band I')
    unmount()

    const put = vi.spyOn(api, 'PUT').mockImplementation((async () => reply(200, { property: blank })) as never)
    const user = userEvent.setup({ delay: null })
    const belfast = {
      ...blank, councilTaxBand: 'C' as const, councilTaxBands: [], councilTaxNone: 'None: homes in Northern Ireland pay domestic rates', epcMinimum: '',
      rentPence: 90000, moveInDate: '2026-12-01', shortDescription: 'Flat in Belfast',
    }
    renderPage(<PortalDetailsForm property={belfast} />)
    expect(await screen.findByText('None: homes in Northern Ireland pay domestic rates')).toBeInTheDocument()
    expect(screen.queryByLabelText('Council tax band')).not.toBeInTheDocument()
    // No EPC minimum there: an F rating asks for no exemption.
    await user.selectOptions(screen.getByLabelText('EPC rating'), 'F')
    expect(screen.queryByLabelText('Registered exemption')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(put).toHaveBeenCalled())
    const body = (put.mock.calls[0][1] as { body: Record<string, unknown> }).body
    expect(body.councilTaxBand).toBe('')
    expect(body.epcExemptionType).toBe('')
  })

  it('offers the bills where the home is: Rates, not Council tax, for a Belfast home', async () => {
    mockApi(() => reply(200, { property: blank }), sampleUser)
    const bills = () => within(screen.getByRole('group', { name: 'Bills included in the rent' })).getAllByRole('checkbox').map((c) => c.getAttribute('value'))
    const { unmount } = renderPage(<PortalDetailsForm property={blank} />)
    await screen.findByRole('group', { name: 'Bills included in the rent' })
    expect(bills()).toEqual(['Gas', 'Electricity', 'Water', 'Council tax', 'Broadband', 'TV licence'])
    unmount()

    const put = vi.spyOn(api, 'PUT').mockImplementation((async () => reply(200, { property: blank })) as never)
    const user = userEvent.setup({ delay: null })
    const belfast = {
      ...blank, councilTaxBands: [], councilTaxNone: 'None: homes in Northern Ireland pay domestic rates', epcMinimum: '',
      billChoices: ['Gas', 'Electricity', 'Rates', 'Broadband', 'TV licence'],
      rentPence: 90000, moveInDate: '2026-12-01', shortDescription: 'Flat in Belfast',
    }
    const second = renderPage(<PortalDetailsForm property={belfast} />)
    await screen.findByRole('group', { name: 'Bills included in the rent' })
    expect(bills()).toEqual(['Gas', 'Electricity', 'Rates', 'Broadband', 'TV licence'])
    expect(screen.queryByRole('checkbox', { name: 'Council tax' })).not.toBeInTheDocument()
    expect(screen.queryByRole('checkbox', { name: 'Water' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: 'Rates' }))
    await user.click(screen.getByRole('checkbox', { name: 'Gas' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(put).toHaveBeenCalled())
    expect((put.mock.calls[0][1] as { body: Record<string, unknown> }).body.billsIncluded).toEqual(['Gas', 'Rates'])
    second.unmount()

    // Saved with Council tax before it was refused there: still shown,
    // ticked, so that it can be unticked; the server's reason is shown.
    put.mockImplementation((async () =>
      apiError(400, 'invalid', 'Before a listing is published, renters must be told the facts marked below.', {
        billsIncluded: 'Council tax is not paid in Northern Ireland: choose Rates instead.',
      })) as never)
    renderPage(<PortalDetailsForm property={{ ...belfast, billsIncluded: ['Council tax'] }} />)
    await screen.findByRole('group', { name: 'Bills included in the rent' })
    expect(bills()).toEqual(['Gas', 'Electricity', 'Rates', 'Broadband', 'TV licence', 'Council tax'])
    expect(screen.getByRole('checkbox', { name: 'Council tax' })).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Council tax is not paid in Northern Ireland: choose Rates instead.')).toBeInTheDocument()
  })

  it('offers the usual bills when the server names none', async () => {
    mockApi(() => reply(200, { property: blank }), sampleUser)
    renderPage(<PortalDetailsForm property={{ ...blank, billChoices: undefined as unknown as string[] }} />)
    const group = await screen.findByRole('group', { name: 'Bills included in the rent' })
    expect(within(group).getAllByRole('checkbox').map((c) => c.getAttribute('value'))).toEqual(['Gas', 'Electricity', 'Water', 'Council tax', 'Broadband', 'TV licence'])
  })

  it('loads saved details for display and blocks an impossible date', async () => {
    mockApi(() => reply(200, {}), sampleUser)
    const put = vi.spyOn(api, 'PUT')
    const user = userEvent.setup({ delay: null })
    renderPage(
      <PortalDetailsForm
        property={{ ...blank, rentPence: 95000, rentCycle: 'Weekly', moveInDate: '2025-02-03', shortDescription: 'Nice', bedroomCount: 3 }}
      />,
    )
    expect(await screen.findByLabelText('Rental price')).toHaveValue('950')
    expect(screen.getByLabelText('Move-in date')).toHaveValue('03/02/2025')
    expect(count('Bedrooms')).toBe('Bedrooms: 3')
    const date = screen.getByLabelText('Move-in date')
    await user.clear(date)
    await user.type(date, '31022025')
    expect(date).toHaveValue('31/02/2025')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(DETAILS_REQUIRED))
    expect(put).not.toHaveBeenCalled()
  })
})

describe('AddressForm', () => {
  it('checks the required fields before calling the server, then shows its postcode message', async () => {
    const { post } = mockApi(() => apiError(400, 'invalid', 'Please enter a valid UK postcode.', { postcode: 'Please enter a valid UK postcode.' }), {
      ...sampleUser,
      hasProperties: false,
    })
    const onCreated = vi.fn()
    const user = userEvent.setup({ delay: null })
    renderPage(<AddressForm mode="create" onCreated={onCreated} />)
    const submit = await screen.findByRole('button', { name: 'Complete Registration' })
    expect(screen.queryByRole('link', { name: 'Skip this step' })).not.toBeInTheDocument()
    expect(screen.getByLabelText('Country')).toHaveValue('United Kingdom')
    await user.type(screen.getByLabelText('First line of address'), '1 High Street')
    await user.click(submit)
    await waitFor(() => expect(screen.getByText('Please enter first line address, town, postcode and country.')).toBeInTheDocument())
    expect(post).not.toHaveBeenCalled()
    await user.type(screen.getByLabelText('Town'), 'London')
    await user.type(screen.getByLabelText('Postcode'), 'nowhere')
    await user.click(submit)
    expect(await screen.findByText('Please enter a valid UK postcode.')).toBeInTheDocument()
    expect(post).toHaveBeenCalledWith('/api/properties', {
      body: { address: { addrFirstLine: '1 High Street', addrSecondLine: '', town: 'London', postcode: 'nowhere', country: 'United Kingdom' } },
    })
    expect(onCreated).not.toHaveBeenCalled()
  })

  it('offers Add New Property and Skip this step to a landlord who has properties', async () => {
    mockApi(() => reply(201, { property: blank }), sampleUser)
    const onCreated = vi.fn()
    const user = userEvent.setup({ delay: null })
    renderPage(<AddressForm mode="create" onCreated={onCreated} />)
    expect(await screen.findByRole('link', { name: 'Skip this step' })).toHaveAttribute('href', '/dashboard')
    await user.type(screen.getByLabelText('First line of address'), '1 High Street')
    await user.type(screen.getByLabelText('Town'), 'London')
    await user.type(screen.getByLabelText('Postcode'), 'sw1a1aa')
    await user.click(screen.getByRole('button', { name: 'Add New Property' }))
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(blank))
  })
})

describe('PropertyList', () => {
  it('confirms before publishing, then says Action successful.', async () => {
    let status: Property['status'] = 'Active'
    const { post } = mockApi((path) => {
      if (path === '/api/properties') return reply(200, { properties: [{ ...blank, status, rentPence: 125000 }] })
      if (path === '/api/properties/{id}/publish') {
        status = 'Published'
        return reply(200, { property: { ...blank, status }, message: 'Action successful.' })
      }
      return apiError(404, 'not_found', 'x')
    }, sampleUser)
    const user = userEvent.setup({ delay: null })
    renderPage(<PropertyList />)
    const row = (await screen.findByText('1 High Street', { selector: 'p' })).closest('li')!
    expect(within(row).getByText('SW1A 1AA')).toBeInTheDocument()
    expect(within(row).getByText(/£1,250 pcm/)).toBeInTheDocument()
    expect(within(row).getByRole('link', { name: 'Edit 1 High Street' })).toHaveAttribute('href', '/profile/edit?id=p1')
    await user.click(within(row).getByRole('button', { name: 'Publish 1 High Street' }))
    expect(screen.getByText('Publish this property? It will appear in public search.')).toBeInTheDocument()
    expect(post).not.toHaveBeenCalledWith('/api/properties/{id}/publish', expect.anything())
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Publish' }))
    expect(await screen.findByText('Action successful.')).toBeInTheDocument()
    expect(post).toHaveBeenCalledWith('/api/properties/{id}/publish', { params: { path: { id: 'p1' } } })
    expect(await screen.findByRole('button', { name: 'Un-publish 1 High Street' })).toBeInTheDocument()
  })

  it('confirms before deleting', async () => {
    mockApi((path) => (path === '/api/properties' ? reply(200, { properties: [blank] }) : apiError(404, 'not_found', 'x')), sampleUser)
    const del = vi.spyOn(api, 'DELETE').mockImplementation((async () => reply(200, { message: 'Action successful.' })) as never)
    const user = userEvent.setup({ delay: null })
    renderPage(<PropertyList />)
    await user.click(await screen.findByRole('button', { name: 'Delete 1 High Street' }))
    expect(screen.getByText('Delete this property? It will be removed from your lists.')).toBeInTheDocument()
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Action successful.')).toBeInTheDocument()
    expect(del).toHaveBeenCalledWith('/api/properties/{id}', { params: { path: { id: 'p1' } } })
  })
})

describe('PropertyList photos', () => {
  it('shows the cover photo and the number of photos in the row', async () => {
    const img = (name: string) => ({ name, url: `/api/photos/large/${name}`, width: 1600, height: 1200, thumbUrl: `/api/photos/thumb/${name}`, thumbWidth: 640, thumbHeight: 480 })
    const withPhotos = { ...blank, images: [img('aaaaaaaaaaaaaaaa.jpg'), img('bbbbbbbbbbbbbbbb.png')] }
    mockApi((path) => (path === '/api/properties' ? reply(200, { properties: [withPhotos] }) : apiError(404, 'not_found', 'x')), sampleUser)
    const { container } = renderPage(<PropertyList />)
    const row = (await screen.findByText('1 High Street', { selector: 'p' })).closest('li')!
    expect(within(row).getByText(/2 photos/)).toBeInTheDocument()
    expect(container.querySelector('.property-row__icon--photo img')).toHaveAttribute('src', '/api/photos/thumb/aaaaaaaaaaaaaaaa.jpg')
  })
})

describe('EditProperty', () => {
  it('switches between the two tabs with the arrow keys', async () => {
    mockApi((path) => (path === '/api/properties/{id}' ? reply(200, { property: blank }) : apiError(404, 'not_found', 'x')), sampleUser)
    const user = userEvent.setup({ delay: null })
    renderPage(<EditProperty />, { path: '/profile/edit', initialEntries: ['/profile/edit?id=p1'] })
    const address = await screen.findByRole('tab', { name: 'Address Details' })
    expect(address).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Address Details')
    expect(screen.getByLabelText('First line of address')).toHaveValue('1 High Street')
    expect(screen.getByRole('link', { name: 'Close' })).toHaveAttribute('href', '/profile/list')
    address.focus()
    await user.keyboard('{ArrowRight}')
    const details = screen.getByRole('tab', { name: 'Property Portal Details' })
    expect(details).toHaveAttribute('aria-selected', 'true')
    expect(details).toHaveFocus()
    expect(screen.getByRole('button', { name: 'Save and Publish' })).toBeDisabled()
    await user.keyboard('{ArrowLeft}')
    expect(screen.getByRole('tab', { name: 'Address Details' })).toHaveFocus()
  })
})
