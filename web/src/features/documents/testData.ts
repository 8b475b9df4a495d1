// Canned answers of the documents API for the unit tests.
import type { Certificate, CertificateGroup, CertificatesAnswer, CertificateType, DocumentItem } from './api/keys'

export const property = {
  id: 'p1',
  status: 'Published',
  address: { addrFirstLine: '12 Acacia Road', addrSecondLine: '', town: 'London', postcode: 'N1 1AA', country: 'United Kingdom' },
  createdAt: '2026-01-01T10:00:00Z',
  updatedAt: '2026-01-01T10:00:00Z',
  images: [],
}
export const property2 = {
  ...property,
  id: 'p2',
  status: 'Active',
  address: { ...property.address, addrFirstLine: '3 Mill Lane', postcode: 'M1 2AB', town: 'Manchester' },
}

const base = { termFixed: true, earlyCheckMonths: 0, requiredWhen: 'always' as const, ratings: [] as string[], minRating: '', needsName: false, bookable: true, source: 'https://www.gov.uk/', checked: '2026-05-01' }
export const types: CertificateType[] = [
  { ...base, id: 'gas-safety', name: 'Gas Safety Certificate', shortName: 'CP12', specName: 'Gas Safety Check', certType: 3, termMonths: 12, earlyCheckMonths: 2, requiredWhen: 'gas', help: 'Every 12 months by a Gas Safe engineer.' },
  { ...base, id: 'eicr', name: 'Electrical Installation Condition Report', shortName: 'EICR', specName: 'Electrical Installation Condition Report', certType: 2, termMonths: 60, help: 'Every 5 years.' },
  { ...base, id: 'epc', name: 'Energy Performance Certificate', shortName: 'EPC', specName: 'Electrical Performance check', certType: 1, termMonths: 120, ratings: ['A', 'B', 'C', 'D', 'E', 'F', 'G'], minRating: 'E', help: 'Valid 10 years.' },
  { ...base, id: 'hmo-licence', name: 'HMO licence', shortName: 'HMO', specName: 'HMO License', certType: 4, termMonths: 60, termFixed: false, requiredWhen: 'never', help: 'Set by the council.' },
  { ...base, id: 'other', name: 'Other', shortName: '', specName: '', certType: 5, termMonths: 0, termFixed: false, requiredWhen: 'never', needsName: true, bookable: false, help: '' },
]

export function cert(over: Partial<Certificate> = {}): Certificate {
  return {
    id: 'crt_1',
    key: 'cert:crt_1',
    propertyId: 'p1',
    type: 'gas-safety',
    typeName: 'Gas Safety Certificate',
    name: '',
    title: 'Gas Safety Certificate',
    issuedOn: '2025-06-10',
    expiresOn: '2026-06-10',
    daysLeft: 20,
    status: 'red',
    expiryText: '20 days left',
    epcRating: '',
    notes: '',
    files: [{ id: 'cf_1', filename: 'cp12.pdf', contentType: 'application/pdf', size: 24_576, uploadedAt: '2026-05-21T10:00:00Z', url: '/api/certificates/crt_1/files/cf_1', downloadUrl: '/api/certificates/crt_1/files/cf_1?download=1' }],
    held: true,
    current: true,
    replacedBy: '',
    actionNeeded: true,
    active: true,
    source: null,
    readOnly: false,
    canEdit: true,
    canDelete: true,
    openUrl: '/documents/Certificates?details=true&propertyId=p1#crt_1',
    createdAt: '2026-05-21T10:00:00Z',
    updatedAt: '2026-05-21T10:00:00Z',
    ...over,
  }
}

function group(type: string, over: Partial<CertificateGroup> = {}): CertificateGroup {
  return { type, typeName: types.find((t) => t.id === type)!.name, current: [], history: [], missing: false, actionNeeded: false, booking: null, ...over }
}

export function certificatesAnswer(over: Partial<CertificatesAnswer> = {}, groups: Partial<Record<string, Partial<CertificateGroup>>> = {}): CertificatesAnswer {
  return {
    property: { id: 'p1', address: '12 Acacia Road, London, N1 1AA', published: true, hasGas: true },
    vendorBooking: false,
    types,
    groups: types.map((t) => group(t.id, groups[t.id] ?? {})),
    warnings: [],
    ...over,
  }
}

export function item(over: Partial<DocumentItem> = {}): DocumentItem {
  return {
    id: 'i1',
    title: 'Tenancy agreement',
    status: 'Draft',
    statusLabel: 'Draft',
    group: 'draft',
    createdAt: '2026-05-01T10:00:00Z',
    updatedAt: '2026-05-01T10:00:00Z',
    date: '2026-05-01',
    actionNeeded: false,
    active: true,
    openUrl: '/contract-builder?view=draft&id=i1',
    canDelete: true,
    deleteUrl: '/api/contracts/i1',
    ...over,
  }
}
