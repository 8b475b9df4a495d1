// The rental address (spec 1 section 2.6): step 1 of adding a property, on the
// landlord onboarding dashboard and at /profile/add, and the Address Details
// tab when editing. The server validates again and normalises the postcode.
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { useSaveAddress } from '../api/saveProperty'
import { meQueryKey, useAuth } from '../../../lib/auth'
import { ButtonSpinner, Field, FormMessage, describedBy } from '../../../components/Form'
import { errorFields, errorMessage } from '../../../lib/errors'
import { ADDRESS_REQUIRED, DEFAULT_COUNTRY } from '../format'
import { propertiesKey, propertyKey, type Address, type Property } from '../api/keys'
import '../property.css'


type Props =
  | { mode: 'create'; onCreated: (p: Property) => void; titleId?: string }
  | { mode: 'edit'; property: Property; onSaved: (p: Property) => void }

const EMPTY: Address = { addrFirstLine: '', addrSecondLine: '', town: '', postcode: '', country: DEFAULT_COUNTRY }

export function AddressForm(props: Props) {
  const { user } = useAuth()
  const qc = useQueryClient()
  const editing = props.mode === 'edit'
  const [addr, setAddr] = useState<Address>(editing ? { ...EMPTY, ...props.property.address } : EMPTY)
  const [message, setMessage] = useState('')
  const [postcodeError, setPostcodeError] = useState('')
  const [missing, setMissing] = useState(false)
  // Skipping is allowed only when the landlord already has a property.
  const canSkip = !editing && !!user?.hasProperties

  const save = useSaveAddress(props.mode === 'edit' ? props.property.id : undefined, {
    onSuccess: (p) => {
      void qc.invalidateQueries({ queryKey: propertiesKey })
      qc.setQueryData(propertyKey(p.id), p)
      if (props.mode === 'edit') {
        props.onSaved(p)
        return
      }
      // Move on first, then refresh the session: hasProperties turns true and
      // the dashboard leaves onboarding.
      props.onCreated(p)
      void qc.invalidateQueries({ queryKey: meQueryKey })
    },
    onError: (e) => {
      const f = errorFields(e)
      if (f.postcode) setPostcodeError(f.postcode)
      else setMessage(errorMessage(e))
    },
  })

  function set<K extends keyof Address>(k: K, v: string) {
    setAddr((a) => ({ ...a, [k]: v }))
    setMessage('')
    if (k === 'postcode') setPostcodeError('')
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    if (save.isPending) return
    setMessage('')
    setPostcodeError('')
    const trimmed: Address = {
      addrFirstLine: addr.addrFirstLine.trim(),
      addrSecondLine: addr.addrSecondLine.trim(),
      town: addr.town.trim(),
      postcode: addr.postcode.trim(),
      country: addr.country.trim(),
    }
    if (!trimmed.addrFirstLine || !trimmed.town || !trimmed.postcode || !trimmed.country) {
      setMissing(true)
      setMessage(ADDRESS_REQUIRED)
      return
    }
    setMissing(false)
    save.mutate(trimmed)
  }

  const invalid = (v: string) => (missing && !v.trim() ? true : undefined)
  const label = editing ? 'Save Address' : canSkip ? 'Add New Property' : 'Complete Registration'

  return (
    <form onSubmit={submit} noValidate className="address-form" aria-label={editing ? 'Address Details' : undefined}>
      {message ? <FormMessage kind="error">{message}</FormMessage> : null}
      <Field id="addr-line1" label="First line of address">
        <input
          id="addr-line1"
          name="addrFirstLine"
          autoComplete="address-line1"
          value={addr.addrFirstLine}
          aria-invalid={invalid(addr.addrFirstLine)}
          onChange={(e) => set('addrFirstLine', e.target.value)}
        />
      </Field>
      <Field id="addr-line2" label="Second line of address (optional)">
        <input
          id="addr-line2"
          name="addrSecondLine"
          autoComplete="address-line2"
          value={addr.addrSecondLine}
          onChange={(e) => set('addrSecondLine', e.target.value)}
        />
      </Field>
      <div className="address-form__row">
        <Field id="addr-town" label="Town">
          <input
            id="addr-town"
            name="town"
            autoComplete="address-level2"
            value={addr.town}
            aria-invalid={invalid(addr.town)}
            onChange={(e) => set('town', e.target.value)}
          />
        </Field>
        <Field id="addr-postcode" label="Postcode" error={postcodeError}>
          <input
            id="addr-postcode"
            name="postcode"
            autoComplete="postal-code"
            autoCapitalize="characters"
            value={addr.postcode}
            aria-invalid={invalid(addr.postcode) ?? (postcodeError ? true : undefined)}
            aria-describedby={describedBy('addr-postcode', { error: postcodeError })}
            onChange={(e) => set('postcode', e.target.value)}
          />
        </Field>
      </div>
      <Field id="addr-country" label="Country">
        <input
          id="addr-country"
          name="country"
          autoComplete="country-name"
          value={addr.country}
          aria-invalid={invalid(addr.country)}
          onChange={(e) => set('country', e.target.value)}
        />
      </Field>
      <div className="property-actions">
        <button type="submit" className="button" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? <ButtonSpinner /> : null}
          {label}
        </button>
        {canSkip ? <Link to="/dashboard">Skip this step</Link> : null}
      </div>
    </form>
  )
}
