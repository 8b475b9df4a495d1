// A signed check-in report and a check-out report started from it, made
// through the API by the landlord alone (no tenant named on the reports,
// so each completes when the landlord signs), for the journeys after the
// check-out (issue 45). The inventory journey signs them on screen.
import { expect, type APIRequestContext } from '@playwright/test'
import { card } from './contracts'
import { mailbox, sameOrigin } from './helpers'

function data(cleanliness: string, rating: string, room: string) {
  const empty = { rating: '', description: '', photos: [] }
  return {
    settings: { coverPhoto: '', inspector: { first: 'Ines', last: 'Pector', email: 'ines@example.com' }, students: false, pets: false, saved: true },
    overview: { rating: 'Fine', description: 'A tidy flat.', photos: [] },
    insideProperty: [{
      id: 0, name: 'Kitchen', tag: 'Kitchen', done: true, overview: { rating: room, description: '', photos: [] },
      items: [{ id: 0, name: 'Oven', tag: 'Oven', completed: true, notes: '', photos: [], overview: { rating, description: '', photos: [] },
        description: { Brand: ['Belling'] }, disputeAvoidance: { Cleanliness: [cleanliness] } }],
    }],
    outsideProperty: [],
    utilitiesAndMeters: [{ kind: 'Gas', location: 'Under the stairs', reading: '01234', supplier: '', serial: '', notes: '', photos: [], done: true }],
    documentsAndCompliance: [],
    tenantDetails: [],
    landlord: { fullName: '', email: '' },
    checkIn: { keys: { ...empty, description: '2 keys' }, alarms: empty, done: true },
    checkOut: { keys: empty, alarms: empty, done: true },
  }
}

const codeSubject = 'Your OmniRent signing code'

/** newestCode waits for a signing code e-mail beyond the `seen` ones (receipts arrive meanwhile, with numbers of their own). */
async function newestCode(request: APIRequestContext, email: string, seen: number): Promise<string> {
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline) {
    const codes = (await mailbox(request, email)).filter((m) => m.subject === codeSubject)
    const code = codes.length > seen ? /\b(\d{6})\b/.exec(codes[0].text) : null
    if (code) return code[1]
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`no new signing code to ${email}`)
}

async function sign(request: APIRequestContext, email: string, report: { id: string; revision: number }, body: unknown) {
  const base = `/api/inventory/reports/${report.id}`
  const saved = await request.put(`${base}/data`, { headers: sameOrigin, data: { revision: report.revision, data: body } })
  expect(saved.status(), `save: ${await saved.text()}`).toBe(200)
  const o = await request.post(`${base}/signing/order`, { headers: sameOrigin })
  const order = ((await o.json()) as { order: { id: string } }).order
  expect((await request.post(`/api/orders/${order.id}/sandbox-payment`, { headers: sameOrigin, data: card })).status()).toBe(200)
  const before = (await mailbox(request, email)).filter((m) => m.subject === codeSubject).length
  expect((await request.post(`${base}/signing/code`, { headers: sameOrigin })).status()).toBe(200)
  const code = await newestCode(request, email, before)
  expect((await request.post(`${base}/signing/verify`, { headers: sameOrigin, data: { code } })).status()).toBe(200)
  const st = (await (await request.get(`${base}/signing`)).json()) as { documentHash: string }
  const signed = await request.post(`${base}/signing/sign`, { headers: sameOrigin, data: { method: 'type', typed: 'Lara Lord', documentHash: st.documentHash } })
  expect(signed.status(), `sign: ${await signed.text()}`).toBe(200)
}

/** signedCheckOut: the landlord's check-in (the oven clean) and check-out (the oven dirty and damaged, the kitchen marked), both signed. */
export async function signedCheckOut(request: APIRequestContext, email: string): Promise<string> {
  const props = (await (await request.get('/api/properties')).json()) as { properties: { id: string }[] }
  const propertyId = props.properties[0].id
  const made = await request.post('/api/inventory/reports', { headers: sameOrigin, data: { propertyId, type: 'Check-in Report' } })
  expect(made.status(), await made.text()).toBe(201)
  const checkIn = ((await made.json()) as { report: { id: string; revision: number } }).report
  await sign(request, email, checkIn, data('Good', 'Fine', 'Fine'))
  const out = await request.post('/api/inventory/reports', { headers: sameOrigin, data: { propertyId, type: 'Check-out Report', fromCheckIn: checkIn.id } })
  expect(out.status(), await out.text()).toBe(201)
  const checkOut = ((await out.json()) as { report: { id: string; revision: number } }).report
  await sign(request, email, checkOut, data('Very poor', 'Damaged', 'Marked'))
  return checkOut.id
}
