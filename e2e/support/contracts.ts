// A finished draft agreement made through the API (the wizard has its own
// journey in contracts.spec.ts), for the signing journeys.
import { expect, type APIRequestContext } from '@playwright/test'
import { sameOrigin, ukDay } from './helpers'

export type Party = { first: string; last: string; email: string }

const steps = ['landlord', 'serviceAddress', 'jurisdiction', 'contractType', 'termType', 'startDate', 'noticePeriod', 'tenants',
  'guarantor', 'occupiers', 'rent', 'firstPayment', 'deposit', 'utilities', 'schedule', 'shared', 'parking', 'additionalTerms', 'mortgage']

/** finishedDraft answers every wizard step for the landlord's first property and returns the agreement's id. */
export async function finishedDraft(request: APIRequestContext, tenants: Party[]): Promise<string> {
  const props = (await (await request.get('/api/properties')).json()) as { properties: { id: string }[] }
  const created = await request.post('/api/contracts', { headers: sameOrigin, data: { propertyId: props.properties[0].id } })
  expect(created.status(), `create agreement: ${await created.text()}`).toBe(201)
  const id = ((await created.json()) as { contract: { id: string } }).contract.id
  // A tenancy cannot start before its agreement is made: a fortnight on.
  const start = ukDay(14)
  const answers = {
    landlord: { first: 'Lara', last: 'Lord' },
    serviceAddress: { line1: '1 Office Row', town: 'London', postcode: 'SW1A 1AA', country: 'United Kingdom' },
    jurisdiction: 'England',
    contractType: 'whole',
    startDate: start,
    tenants,
    guarantor: { answer: 'no' },
    occupiers: { answer: 'no' },
    rentPence: 150000,
    rentPeriod: 'monthly',
    firstPaymentDate: start,
    deposit: { kind: 'standard', perTenantPence: 80000, scheme: 'Deposit Protection Service' },
    utilities: { answer: 'yes', items: ['Water'] },
    scheduleDate: ukDay(13),
    shared: { answer: 'no' },
    parking: { answer: 'no' },
    additionalTerms: { answer: 'no' },
    mortgage: 'no',
  }
  for (const step of steps) {
    const r = await request.put(`/api/contracts/${id}/steps`, { headers: sameOrigin, data: { step, answers } })
    expect(r.status(), `step ${step}: ${await r.text()}`).toBe(200)
  }
  return id
}
