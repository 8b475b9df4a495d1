// The inventory editor's rules without UI: the spec's messages, the report
// types and which sections each shows, room and item naming (duplicates get
// the next counter and the list is sorted by name), which sections hold
// data, where a photo goes, and the forms' zod schemas.
import { z } from 'zod'
import type { CatalogueItem, Condition, InventoryCatalogue, InventoryData, InventoryRoom, KeysAlarms, RoomItem } from './api/keys'

export const MSG = {
  selectProperty: 'Please select a property.',
  selectClone: 'Please select a report to clone.',
  reportSaved: 'Report saved successfully!',
  settingsSaved: 'Settings Saved!',
  fillAll: 'Please fill all the fields',
  invalidEmail: 'Invalid Email Address',
  deleteTenant: "Are you sure you want to delete the tenant's details??",
  deleteReport: 'Are you sure that you want to delete this report?',
  offline: 'Offline — changes are kept on this device and will be saved when you are back online',
  saved: 'All changes saved',
  saving: 'Saving…',
  pending: 'Pending',
  loading: 'Loading ...',
  noReports: 'No Reports',
}

export const REPORT_TYPES = ['Inventory', 'Check-in Report', 'Interim Report', 'Check-out Report'] as const
export const CHECK_IN = 'Check-in Report'
export const CHECK_OUT = 'Check-out Report'
export const RATINGS = ['Fine', 'Dusty', 'Dirty', 'Marked', 'Damaged']
export const METER_KINDS = ['Electricity', 'Gas', 'Water']
export const DOCUMENT_KINDS = ['EPC', 'Gas Safety Certificate', 'EICR', 'HMO License']
export const LONG_PRESS_MS = 700

export type Side = 'inside' | 'outside'
export type SectionKey =
  | 'settings' | 'overview' | 'inside' | 'outside' | 'meters' | 'documents' | 'tenants' | 'landlord' | 'checkin' | 'checkout'

export const SECTION_TITLES: Record<SectionKey, string> = {
  settings: 'Report Settings',
  overview: 'Property Overview',
  inside: 'Inside Property',
  outside: 'Outside Property',
  meters: 'Utilities and Meters',
  documents: 'Documents and Compliance',
  tenants: 'Tenant Details',
  landlord: 'Landlord Details',
  checkin: 'Check-in',
  checkout: 'Check-out',
}

/** sectionsFor lists the hub's cards (and the preview's sections) for a report type. */
export function sectionsFor(type: string): SectionKey[] {
  const all: SectionKey[] = ['settings', 'overview', 'inside', 'outside', 'meters', 'documents', 'tenants', 'landlord', 'checkin', 'checkout']
  return all.filter((s) => (s === 'documents' || s === 'checkin' ? type === CHECK_IN : s === 'checkout' ? type === CHECK_OUT : true))
}

export function isSection(s: string | null): s is SectionKey {
  return !!s && s in SECTION_TITLES
}

const emptyCondition = (): Condition => ({ rating: '', description: '', photos: [] })
const emptyKeys = (): KeysAlarms => ({ keys: emptyCondition(), alarms: emptyCondition(), done: false })

export function emptyData(): InventoryData {
  return {
    settings: { coverPhoto: '', inspector: { first: '', last: '', email: '' }, students: false, pets: false, saved: false },
    overview: emptyCondition(),
    insideProperty: [],
    outsideProperty: [],
    utilitiesAndMeters: [],
    documentsAndCompliance: [],
    tenantDetails: [],
    landlord: { fullName: '', email: '' },
    checkIn: emptyKeys(),
    checkOut: emptyKeys(),
  }
}

/** normalise fills what an older or partial copy lacks, so screens can rely on the shape. */
export function normalise(d: Partial<InventoryData> | undefined | null): InventoryData {
  const e = emptyData()
  const cond = (c?: Partial<Condition>): Condition => ({ ...emptyCondition(), ...c, photos: c?.photos ?? [] })
  const ka = (k?: Partial<KeysAlarms>): KeysAlarms => ({ keys: cond(k?.keys), alarms: cond(k?.alarms), done: !!k?.done })
  const rooms = (rs?: InventoryRoom[] | null) =>
    (rs ?? []).map((r) => ({ ...r, overview: cond(r.overview), items: (r.items ?? []).map((it) => ({ ...it, overview: cond(it.overview), description: it.description ?? {}, disputeAvoidance: it.disputeAvoidance ?? {}, photos: it.photos ?? [], notes: it.notes ?? '' })) }))
  if (!d) return e
  return {
    settings: { ...e.settings, ...d.settings, inspector: { ...e.settings.inspector, ...d.settings?.inspector } },
    overview: cond(d.overview),
    insideProperty: rooms(d.insideProperty),
    outsideProperty: rooms(d.outsideProperty),
    utilitiesAndMeters: (d.utilitiesAndMeters ?? []).map((m) => ({ ...m, photos: m.photos ?? [] })),
    documentsAndCompliance: (d.documentsAndCompliance ?? []).map((x) => ({ ...x, files: x.files ?? [] })),
    tenantDetails: d.tenantDetails ?? [],
    landlord: { ...e.landlord, ...d.landlord },
    checkIn: ka(d.checkIn),
    checkOut: ka(d.checkOut),
  }
}

// ---- Rooms and items: counters, tags, order ----

type Counted = { id: number; name: string; tag: string }

/** nextCounter is 0 for the first of a name, else one more than the highest counter in use (the second is 2). */
export function nextCounter(list: Counted[], name: string): number {
  const same = list.filter((x) => x.name === name)
  if (same.length === 0) return 0
  return Math.max(1, ...same.map((x) => x.id)) + 1
}

export function tagFor(name: string, id: number): string {
  return id === 0 ? name : `${name} ${id}`
}

const collator = new Intl.Collator('en-GB', { numeric: true, sensitivity: 'base' })

/** byName sorts rooms (or items) by name, then by counter: Bedroom, Bedroom 2, Bedroom 10, Kitchen. */
export function byName<T extends Counted>(list: T[]): T[] {
  return [...list].sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id)
}

/** addRoom adds a room or space of that name with the next counter; the list comes back sorted. */
export function addRoom(rooms: InventoryRoom[], name: string): { rooms: InventoryRoom[]; room: InventoryRoom } {
  const id = nextCounter(rooms, name)
  const room: InventoryRoom = { id, name, tag: tagFor(name, id), done: false, overview: { rating: '', description: '', photos: [] }, items: [] }
  return { rooms: byName([...rooms, room]), room }
}

/** duplicateRoom copies a room's words and items (not its photos, which are evidence of that room) under the next counter. */
export function duplicateRoom(rooms: InventoryRoom[], source: InventoryRoom): { rooms: InventoryRoom[]; room: InventoryRoom } {
  const id = nextCounter(rooms, source.name)
  const room: InventoryRoom = {
    ...source,
    id,
    tag: tagFor(source.name, id),
    done: false,
    overview: { ...source.overview, photos: [] },
    items: source.items.map((it) => ({ ...it, completed: false, photos: [] })),
  }
  return { rooms: byName([...rooms, room]), room }
}

export function addItem(items: RoomItem[], name: string): { items: RoomItem[]; item: RoomItem } {
  const id = nextCounter(items, name)
  const item: RoomItem = { id, name, tag: tagFor(name, id), completed: false, description: {}, disputeAvoidance: {}, notes: '', photos: [] }
  return { items: byName([...items, item]), item }
}

export function duplicateItem(items: RoomItem[], source: RoomItem): { items: RoomItem[]; item: RoomItem } {
  const id = nextCounter(items, source.name)
  const item: RoomItem = { ...source, id, tag: tagFor(source.name, id), completed: false, photos: [] }
  return { items: byName([...items, item]), item }
}

/** itemsForRoom is what ADD ITEM offers in a room: the catalogue items that list the room's name. */
export function itemsForRoom(cat: Pick<InventoryCatalogue, 'items'> | undefined, roomName: string): CatalogueItem[] {
  return (cat?.items ?? []).filter((it) => it.rooms.includes(roomName))
}

export const sideKey = (side: Side) => (side === 'inside' ? 'insideProperty' : 'outsideProperty') as 'insideProperty' | 'outsideProperty'

// ---- What holds data (hub ticks, preview 'Pending') ----

const conditionHas = (c: Condition) => !!(c.rating || c.description.trim() || c.photos.length)

export function sectionHasData(d: InventoryData, s: SectionKey): boolean {
  switch (s) {
    case 'settings': {
      const i = d.settings.inspector
      return !!(d.settings.saved || d.settings.coverPhoto || i.first || i.last || i.email)
    }
    case 'overview': return conditionHas(d.overview)
    case 'inside': return d.insideProperty.length > 0
    case 'outside': return d.outsideProperty.length > 0
    case 'meters': return d.utilitiesAndMeters.length > 0
    case 'documents': return d.documentsAndCompliance.length > 0
    case 'tenants': return d.tenantDetails.length > 0
    case 'landlord': return !!(d.landlord.fullName || d.landlord.email)
    case 'checkin': return d.checkIn.done || conditionHas(d.checkIn.keys) || conditionHas(d.checkIn.alarms)
    case 'checkout': return d.checkOut.done || conditionHas(d.checkOut.keys) || conditionHas(d.checkOut.alarms)
  }
}

// ---- Where an uploaded photo goes ----

export type PhotoTarget =
  | { kind: 'cover' }
  | { kind: 'overview' }
  | { kind: 'room'; side: Side; room: string }
  | { kind: 'item'; side: Side; room: string; item: string }
  | { kind: 'keys'; which: 'checkIn' | 'checkOut'; part: 'keys' | 'alarms' }
  /** a form not yet in the data (a meter, a document): its photos wait in the page's local sets */
  | { kind: 'local'; key: string }

export function targetId(t: PhotoTarget): string {
  switch (t.kind) {
    case 'cover': case 'overview': return t.kind
    case 'room': return `room:${t.side}:${t.room}`
    case 'item': return `item:${t.side}:${t.room}:${t.item}`
    case 'keys': return `keys:${t.which}:${t.part}`
    case 'local': return `local:${t.key}`
  }
}

/** photosAt are the photo names a target holds. */
export function photosAt(d: InventoryData, t: PhotoTarget): string[] {
  switch (t.kind) {
    case 'cover': return d.settings.coverPhoto ? [d.settings.coverPhoto] : []
    case 'overview': return d.overview.photos
    case 'room': return d[sideKey(t.side)].find((r) => r.tag === t.room)?.overview.photos ?? []
    case 'item': return d[sideKey(t.side)].find((r) => r.tag === t.room)?.items.find((i) => i.tag === t.item)?.photos ?? []
    case 'keys': return d[t.which][t.part].photos
    case 'local': return []
  }
}

/** withPhotos gives the data with a target's photo names changed (the cover holds one). */
export function withPhotos(d: InventoryData, t: PhotoTarget, change: (names: string[]) => string[]): InventoryData {
  switch (t.kind) {
    case 'cover': {
      const next = change(photosAt(d, t))
      return { ...d, settings: { ...d.settings, coverPhoto: next[next.length - 1] ?? '' } }
    }
    case 'overview': return { ...d, overview: { ...d.overview, photos: change(d.overview.photos) } }
    case 'room': case 'item': {
      const key = sideKey(t.side)
      return {
        ...d,
        [key]: d[key].map((r) => {
          if (r.tag !== t.room) return r
          if (t.kind === 'room') return { ...r, overview: { ...r.overview, photos: change(r.overview.photos) } }
          return { ...r, items: r.items.map((i) => (i.tag === t.item ? { ...i, photos: change(i.photos) } : i)) }
        }),
      }
    }
    case 'keys': {
      const ka = d[t.which]
      return { ...d, [t.which]: { ...ka, [t.part]: { ...ka[t.part], photos: change(ka[t.part].photos) } } }
    }
    case 'local': return d
  }
}

// ---- Forms ----

const required = z.string().trim().min(1, MSG.fillAll)
const email = z.string().trim().min(1, MSG.fillAll).email(MSG.invalidEmail)
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, MSG.fillAll)

export const settingsSchema = z.object({
  first: required,
  last: required,
  email: z.union([z.literal(''), z.string().trim().email(MSG.invalidEmail)]),
})

export const tenantSchema = z.object({
  first: required,
  middle: z.string().trim(),
  last: required,
  email,
  moveIn: date,
  // Optional (issue 26): since 1 May 2026 a tenancy in England is periodic, with no fixed end.
  moveOut: z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/, MSG.fillAll),
}).refine((t) => !t.moveOut || !t.moveIn || t.moveOut >= t.moveIn, { path: ['moveOut'], message: 'The move-out date must be on or after the move-in date.' })
export type TenantForm = z.infer<typeof tenantSchema>

export const landlordSchema = z.object({ fullName: required, email })

export const meterSchema = z.object({
  kind: required,
  location: z.string().trim().min(1, 'Please enter the location.'),
  reading: z.string().trim().min(1, 'Please enter the reading.'),
  supplier: z.string().trim(),
  serial: z.string().trim(),
  notes: z.string().trim(),
})

export const documentSchema = z.object({
  kind: required,
  expiry: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter the expiry date.'),
  files: z.array(z.string()).min(1, 'Please add a file.'),
})

/** firstError is the first message of a failed parse, for a form's one message line. */
export function firstErrors(e: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {}
  for (const i of e.issues) {
    const k = String(i.path[0] ?? '')
    if (!out[k]) out[k] = i.message
  }
  return out
}

/** formatDate shows dates the British way (spec 3 section 9: dates en-GB). */
export function formatDate(iso: string): string {
  if (!iso) return ''
  const d = new Date(iso.length === 10 ? `${iso}T00:00:00` : iso)
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString('en-GB')
}
