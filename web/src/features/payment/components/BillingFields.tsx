// The billing address part of every card form (spec 2 section 2, "Payment
// screen"): first and second line, town, postcode and the country (38, GB
// by default). Both the sandbox and the Stripe form use it, so they look
// and check the same.
import { BILLING_COUNTRIES, DEFAULT_BILLING_COUNTRY } from '../countries'

export type Billing = { line1: string; line2: string; town: string; postcode: string; country: string }

export const EMPTY_BILLING: Billing = { line1: '', line2: '', town: '', postcode: '', country: DEFAULT_BILLING_COUNTRY }

/** billingMissing reports a required field left empty: first line, town, postcode or the name on the card. */
export function billingMissing(b: Billing, name: string): boolean {
  return !b.line1.trim() || !b.town.trim() || !b.postcode.trim() || !name.trim()
}

/** trimBilling is the billing address as sent: trimmed, the country as chosen. */
export function trimBilling(b: Billing): Billing {
  return { line1: b.line1.trim(), line2: b.line2.trim(), town: b.town.trim(), postcode: b.postcode.trim(), country: b.country }
}

type Props = {
  billing: Billing
  onChange: (field: keyof Billing, value: string) => void
  /** missing marks the empty required fields invalid (after a submit). */
  missing: boolean
  /** firstFieldId is given to the first line so the basket can move focus there. */
  firstFieldId?: string
}

export function BillingFields({ billing, onChange, missing, firstFieldId }: Props) {
  const invalid = (v: string) => (missing && !v.trim() ? true : undefined)
  const id = (s: string) => `card-${s}`
  return (
    <fieldset className="card-form__group">
      <legend>Billing address</legend>
      <div className="field">
        <label htmlFor={firstFieldId ?? id('line1')}>First line of address</label>
        <input
          id={firstFieldId ?? id('line1')}
          autoComplete="billing address-line1"
          value={billing.line1}
          aria-invalid={invalid(billing.line1)}
          onChange={(e) => onChange('line1', e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={id('line2')}>Second line of address (optional)</label>
        <input id={id('line2')} autoComplete="billing address-line2" value={billing.line2} onChange={(e) => onChange('line2', e.target.value)} />
      </div>
      <div className="card-form__row">
        <div className="field">
          <label htmlFor={id('town')}>Town</label>
          <input
            id={id('town')}
            autoComplete="billing address-level2"
            value={billing.town}
            aria-invalid={invalid(billing.town)}
            onChange={(e) => onChange('town', e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={id('postcode')}>Postcode</label>
          <input
            id={id('postcode')}
            autoComplete="billing postal-code"
            autoCapitalize="characters"
            value={billing.postcode}
            aria-invalid={invalid(billing.postcode)}
            onChange={(e) => onChange('postcode', e.target.value)}
          />
        </div>
      </div>
      <div className="field">
        <label htmlFor={id('country')}>Country</label>
        <select id={id('country')} autoComplete="billing country" value={billing.country} onChange={(e) => onChange('country', e.target.value)}>
          {BILLING_COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name} ({c.code})
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  )
}
