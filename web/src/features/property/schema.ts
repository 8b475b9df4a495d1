// The property forms' schemas (spec 1 sections 2.6 and 5), carrying the
// texts of format.ts. The server validates again and remains the authority.
import * as z from 'zod/mini'
import { ADDRESS_REQUIRED, DETAILS_REQUIRED, displayToIso } from './format'

/** The address fields that must not be empty. */
export const ADDRESS_REQUIRED_FIELDS = ['addrFirstLine', 'town', 'postcode', 'country'] as const

const trimmed = () => z.string().check(z.trim())

/**
 * addressSchema trims every field. When a required one is empty the form
 * says ADDRESS_REQUIRED once ('root') and each empty field is marked.
 */
export const addressSchema = z
  .object({
    addrFirstLine: trimmed(),
    addrSecondLine: trimmed(),
    town: trimmed(),
    postcode: trimmed(),
    country: trimmed(),
  })
  .check(
    z.superRefine((v, ctx) => {
      const missing = ADDRESS_REQUIRED_FIELDS.filter((k) => !v[k])
      if (!missing.length) return
      ctx.addIssue({ code: 'custom', message: ADDRESS_REQUIRED, path: ['root'] })
      for (const k of missing) ctx.addIssue({ code: 'custom', message: ADDRESS_REQUIRED, path: [k] })
    }),
  )
export type AddressFormValues = z.input<typeof addressSchema>

/** The Portal Details form as typed: the price in whole pounds, the date as DD/MM/YYYY. */
export type DetailsFormValues = {
  rent: string
  rentCycle: 'Monthly' | 'Weekly'
  bedroomCount: number
  bathroomCount: number
  sofasCount: number
  furnishStatus: '' | 'Furnished' | 'Unfurnished'
  moveInDate: string
  shortDescription: string
  /** The material information a published listing must give (issue 25). */
  propertyType: string
  deposit: string
  councilTaxBand: string
  epcRating: string
  billsIncluded: string[]
  petsConsidered: '' | 'yes' | 'no'
  /** A home rated below the EPC minimum: its registered PRS exemption. */
  epcExemptionType: string
  epcExemptionRef: string
}

/** detailsReady: enough is filled in for Save to be offered (a price, a description, a full date). */
export function detailsReady(v: Pick<DetailsFormValues, 'rent' | 'shortDescription' | 'moveInDate'>): boolean {
  return v.rent !== '' && v.shortDescription.trim() !== '' && v.moveInDate.length === 10
}

/** detailsSchema: ready, and the move-in date is a real date; otherwise DETAILS_REQUIRED ('root'). */
export const detailsSchema = z
  .object({
    rent: z.string(),
    rentCycle: z.enum(['Monthly', 'Weekly']),
    bedroomCount: z.number(),
    bathroomCount: z.number(),
    sofasCount: z.number(),
    furnishStatus: z.enum(['', 'Furnished', 'Unfurnished']),
    moveInDate: z.string(),
    shortDescription: z.string(),
    propertyType: z.string(),
    deposit: z.string(),
    councilTaxBand: z.string(),
    epcRating: z.string(),
    billsIncluded: z.array(z.string()),
    petsConsidered: z.enum(['', 'yes', 'no']),
    epcExemptionType: z.string(),
    epcExemptionRef: z.string(),
  })
  .check(
    z.refine((v) => detailsReady(v) && displayToIso(v.moveInDate) !== '', {
      message: DETAILS_REQUIRED,
      path: ['root'],
    }),
  )
