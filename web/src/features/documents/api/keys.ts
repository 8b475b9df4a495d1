// The documents area's API types and query keys (api/openapi.yaml, "Documents").
import type { components } from '../../../lib/api-schema'

type S = components['schemas']

export type DocumentsSummary = S['DocumentsSummary']
export type Counts = DocumentsSummary['counts']
export type DocumentItem = S['DocumentItem']
export type Certificate = S['Certificate']
export type CertificateFile = S['CertificateFile']
export type CertificateType = S['CertificateType']
export type CertificateGroup = S['CertificateGroup']
export type CertificatesAnswer = S['PropertyCertificates']
export type CertificateInput = S['CertificateInput']
export type CertificatePatch = Omit<CertificateInput, 'propertyId' | 'type' | 'replaces'>
export type Booking = S['VendorRequest']
export type BookingInput = { propertyId: string; type: string; preferredDates: string; contact: string }
export type Compliance = S['PropertyCompliance']
export type Warning = S['ComplianceWarning']

export type ListKind = 'contracts' | 'reference-checks' | 'inventory-reports'

export const documentsKey = ['documents'] as const
export const summaryKey = ['documents', 'summary'] as const
export const listKey = (kind: ListKind, propertyId: string) => ['documents', kind, propertyId] as const
export const certificatesKey = (propertyId: string) => ['documents', 'certificates', propertyId] as const
export const complianceKey = (propertyId: string) => ['documents', 'compliance', propertyId] as const
