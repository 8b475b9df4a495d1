// The rental address (spec 1 section 2.6): step 1 of adding a property, on the
// landlord onboarding dashboard and at /profile/add, and the Address Details
// tab when editing. The server validates again and normalises the postcode.
import type { FormEvent } from 'react'
import { Link } from 'react-router'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { useSaveAddress } from '../api/saveProperty'
import { meQueryKey, useAuth } from '../../../lib/auth'
import { ButtonSpinner, Field, FormMessage, describedBy } from '../../../components/Form'
import { errorFields, errorMessage } from '../../../lib/errors'
import { DEFAULT_COUNTRY } from '../format'
import { ADDRESS_REQUIRED_FIELDS, addressSchema, type AddressFormValues } from '../schema'
import { propertiesKey, propertyKey, type Address, type Property } from '../api/keys'
import '../property.css'


type Props =
  | { mode: 'create'; onCreated: (p: Property) => void; titleId?: string }
  | { mode: 'edit'; property: Property; onSaved: (p: Property) => void }

const EMPTY: Address = { addrFirstLine: '', addrSecondLine: '', town: '', postcode: '', country: DEFAULT_COUNTRY }

/** The server's postcode message is the only field error shown under a field. */
const SERVER = 'server'

export function AddressForm(props: Props) {
  const { user } = useAuth()
  const qc = useQueryClient()
  const editing = props.mode === 'edit'
  const form = useForm<AddressFormValues, unknown, Address>({
    resolver: zodResolver(addressSchema),
    defaultValues: editing ? { ...EMPTY, ...props.property.address } : EMPTY,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  })
  const { errors } = form.formState
  const addr = form.watch()
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
      if (f.postcode) form.setError('postcode', { type: SERVER, message: f.postcode })
      else form.setError('root', { message: errorMessage(e) })
    },
  })

  // Any edit clears the form's message; an edit of the postcode clears the server's word on it.
  const field = (k: keyof AddressFormValues) =>
    form.register(k, {
      onChange: () => {
        form.clearErrors('root')
        if (k === 'postcode' && form.getFieldState('postcode').error?.type === SERVER) form.clearErrors('postcode')
      },
    })

  const handle = form.handleSubmit((v) => save.mutate(v))
  function submit(e: FormEvent<HTMLFormElement>) {
    if (save.isPending) {
      e.preventDefault()
      return
    }
    void handle(e)
  }

  // After a submit that found empty required fields, those still empty are marked.
  const missing = ADDRESS_REQUIRED_FIELDS.some((k) => errors[k] && errors[k].type !== SERVER)
  const postcodeError = errors.postcode?.type === SERVER ? (errors.postcode.message ?? '') : ''
  const invalid = (v: string) => (missing && !v.trim() ? true : undefined)
  const message = errors.root?.message
  const label = editing ? 'Save Address' : canSkip ? 'Add New Property' : 'Complete Registration'

  return (
    <form onSubmit={submit} noValidate className="address-form" aria-label={editing ? 'Address Details' : undefined}>
      {message ? <FormMessage kind="error">{message}</FormMessage> : null}
      <Field id="addr-line1" label="First line of address">
        <input
          id="addr-line1"
          autoComplete="address-line1"
          aria-invalid={invalid(addr.addrFirstLine)}
          {...field('addrFirstLine')}
        />
      </Field>
      <Field id="addr-line2" label="Second line of address (optional)">
        <input id="addr-line2" autoComplete="address-line2" {...field('addrSecondLine')} />
      </Field>
      <div className="address-form__row">
        <Field id="addr-town" label="Town">
          <input
            id="addr-town"
            autoComplete="address-level2"
            aria-invalid={invalid(addr.town)}
            {...field('town')}
          />
        </Field>
        <Field id="addr-postcode" label="Postcode" error={postcodeError}>
          <input
            id="addr-postcode"
            autoComplete="postal-code"
            autoCapitalize="characters"
            aria-invalid={invalid(addr.postcode) ?? (postcodeError ? true : undefined)}
            aria-describedby={describedBy('addr-postcode', { error: postcodeError })}
            {...field('postcode')}
          />
        </Field>
      </div>
      <Field id="addr-country" label="Country">
        <input
          id="addr-country"
          autoComplete="country-name"
          aria-invalid={invalid(addr.country)}
          {...field('country')}
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
