// POST /api/inventory/reports/{id}/signing/sign: signs as the signed-in
// signer, with the browser's location when it gives one (the time and
// location stamp). The creator's signature freezes the report (ATS) and
// e-mails the parties; the last one completes it. The lists and signing
// state are asked again; the answer's report is the caller's to store
// (storeSignedReport) once it has left the sign screen, since the editor
// gives way to the preview when the cached report stops being a draft.
import type { QueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import type { SignatureInput } from '../../../components/signing/SignScreen'
import { inventoryKey, reportKey, type InventoryReport } from './keys'

export type GeoStamp = { lat: number; lng: number; accuracy: number }
export type InventorySignResult = { message: string; completed: boolean; report: InventoryReport; located: boolean }

/** NO_LOCATION says plainly that a time stamp was recorded without a position. */
export const NO_LOCATION = 'Your location was not recorded: the browser did not share it. The stamp has the time only.'

/** LOCATION_MS is how long the browser is given for a position (a prompt left open counts too). */
export const LOCATION_MS = 5000

/** currentLocation is the browser's position, or null when refused, unavailable or slow. */
export function currentLocation(timeout = LOCATION_MS): Promise<GeoStamp | null> {
  const geo = typeof navigator !== 'undefined' ? navigator.geolocation : undefined
  if (!geo) return Promise.resolve(null)
  return new Promise((resolve) => {
    let settled = false
    const finish = (v: GeoStamp | null) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(v)
    }
    const timer = setTimeout(() => finish(null), timeout)
    try {
      geo.getCurrentPosition(
        (p) => finish({ lat: p.coords.latitude, lng: p.coords.longitude, accuracy: p.coords.accuracy }),
        () => finish(null),
        { enableHighAccuracy: false, timeout, maximumAge: 60_000 },
      )
    } catch {
      finish(null)
    }
  })
}

export async function signInventoryReport(qc: QueryClient, id: string, signature: SignatureInput): Promise<InventorySignResult> {
  const location = await currentLocation()
  const body = location ? { ...signature, location } : signature
  const result = await unwrap(api.POST('/api/inventory/reports/{id}/signing/sign', { params: { path: { id } }, body }))
  void qc.invalidateQueries({ queryKey: inventoryKey, predicate: (q) => q.queryKey[1] !== 'one' || q.queryKey[2] !== id })
  return { ...result, located: !!location }
}

/** storeSignedReport puts a signed report's answer in the cache. */
export function storeSignedReport(qc: QueryClient, report: InventoryReport) {
  qc.setQueryData(reportKey(report.id), report)
}
