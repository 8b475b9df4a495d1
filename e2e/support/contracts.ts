// A finished draft agreement made through the API (the wizard has its own
// journey in contracts.spec.ts), for the signing journeys.
import { expect, type APIRequestContext } from '@playwright/test'
import { readCode, sameOrigin, ukDay } from './helpers'

export type Party = { first: string; last: string; email: string }

const steps = ['landlord', 'serviceAddress', 'jurisdiction', 'contractType', 'termType', 'startDate', 'noticePeriod', 'tenants',
  'guarantor', 'occupiers', 'rent', 'firstPayment', 'deposit', 'utilities', 'schedule', 'shared', 'parking', 'additionalTerms', 'mortgage']

/** finishedDraft answers every wizard step for the landlord's first property and returns the agreement's id. */
export async function finishedDraft(request: APIRequestContext, tenants: Party[], startIn = 14): Promise<string> {
  const props = (await (await request.get('/api/properties')).json()) as { properties: { id: string }[] }
  const created = await request.post('/api/contracts', { headers: sameOrigin, data: { propertyId: props.properties[0].id } })
  expect(created.status(), `create agreement: ${await created.text()}`).toBe(201)
  const id = ((await created.json()) as { contract: { id: string } }).contract.id
  // A tenancy cannot start before its agreement is made: a fortnight on
  // (startIn days: 0 for today, the earliest England allows).
  const start = ukDay(startIn)
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
    scheduleDate: ukDay(Math.max(0, startIn - 1)),
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

/** card is the sandbox card the landlord pays the contract fee with. */
export const card = {
  name: 'Lara Lord', number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123',
  billing: { line1: '1 High Street', town: 'London', postcode: 'SW11 5RW', country: 'GB' },
}

/**
 * signAndSendViaApi: the landlord proves their e-mail, pays the fee (unless
 * `paid`: an agreement withdrawn and sent again) and signs (the signing
 * journey does this on screen).
 */
export async function signAndSendViaApi(request: APIRequestContext, email: string, id: string, { paid = false } = {}) {
  let before = new Date()
  let sent = await request.post(`/api/contracts/${id}/signing/code`, { headers: sameOrigin })
  if (sent.status() === 429) {
    // A code was sent moments ago (before the agreement was withdrawn): wait as asked.
    await new Promise((r) => setTimeout(r, 1000 * Number(sent.headers()['retry-after'] ?? '10')))
    before = new Date()
    sent = await request.post(`/api/contracts/${id}/signing/code`, { headers: sameOrigin })
  }
  expect(sent.status(), `code: ${await sent.text()}`).toBe(200)
  const code = await readCode(request, email, before)
  expect((await request.post(`/api/contracts/${id}/signing/verify`, { headers: sameOrigin, data: { code } })).status()).toBe(200)
  if (!paid) {
    const o = await request.post(`/api/contracts/${id}/signing/order`, { headers: sameOrigin })
    const order = ((await o.json()) as { order: { id: string } }).order
    const r = await request.post(`/api/orders/${order.id}/sandbox-payment`, { headers: sameOrigin, data: card })
    expect(r.status(), `pay: ${await r.text()}`).toBe(200)
  }
  const st = (await (await request.get(`/api/contracts/${id}/signing`)).json()) as { documentHash: string }
  const signed = await request.post(`/api/contracts/${id}/signing/sign`, {
    headers: sameOrigin,
    data: { method: 'type', typed: 'Lara Lord', documentHash: st.documentHash },
  })
  expect(signed.status(), `landlord signs: ${await signed.text()}`).toBe(200)
}

