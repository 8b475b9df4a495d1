// The reference form (spec 2 section 2, progress stage 2; rules in section
// 5): the renters' names and e-mails, the property (one of the landlord's,
// or a new one through the same address form as /profile/add), the monthly
// rent and the security deposit in whole pounds. Over the Tenant Fees Act
// cap the deposit gets a warning as it is typed. Sending it records the
// check and its order (POST /api/reference-checks) and moves to payment.
import { useId, useState, type FormEvent } from 'react'
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { ArrowLeft, Plus, TriangleAlert, UserMinus } from 'lucide-react'
import { useBuyReferenceCheck } from '../api/buyReferenceCheck'
import { formatPence, wholePoundsToPence } from '../../../lib/money'
import { Dialog } from '../../../components/Dialog'
import { ButtonSpinner, FormMessage } from '../../../components/Form'
import { errorMessage } from '../../../lib/errors'
import { AddressForm } from '../../property/components/AddressForm'
import { propertiesKey, type Property } from '../../property/api/keys'
import { useMyProperties } from '../../property/api/myProperties'
import type { components } from '../../../lib/api-schema'
import { priceText, useCheckTerms } from '../catalogue'
import { useDepositWarning } from '../api/depositWarning'
import { digitsOnly, referenceFormSchema, type ReferenceForm } from '../rules'

export type Purchase = components['schemas']['ReferenceCheckPurchase']

type Props = {
  /** form is where the form starts; every edit is handed back through onChange (the form outlives this step). */
  form: ReferenceForm
  onChange: (f: ReferenceForm) => void
  onBack: () => void
  onPurchased: (p: Purchase) => void
}

export function propertyLabel(p: Property): string {
  const a = p.address
  return [a.addrFirstLine, a.addrSecondLine, a.town, a.postcode].filter((s) => s && s.trim()).join(', ')
}

/** copyForm is a snapshot of the form's values, safe to keep outside it. */
const copyForm = (f: ReferenceForm): ReferenceForm => ({ ...f, renters: f.renters.map((r) => ({ name: r.name, email: r.email })) })

export function ReferenceFormView({ form: initial, onChange, onBack, onPurchased }: Props) {
  const qc = useQueryClient()
  const properties = useMyProperties()
  const [adding, setAdding] = useState(false)
  const warnId = useId()
  const form = useForm<ReferenceForm>({
    resolver: zodResolver(referenceFormSchema),
    defaultValues: copyForm(initial),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  })
  const renters = useFieldArray({ control: form.control, name: 'renters' })
  const [rent, deposit, propertyId] = useWatch({ control: form.control, name: ['rent', 'deposit', 'propertyId'] })
  const problem = form.formState.errors.root?.message ?? ''

  const buy = useBuyReferenceCheck({
    onSuccess: onPurchased,
    onError: (e) => form.setError('root', { message: errorMessage(e) }),
  })

  /** edited follows every change: the message goes and the kept form is updated. */
  function edited() {
    form.clearErrors('root')
    onChange(copyForm(form.getValues()))
  }
  function pickProperty(id: string, list = properties.data ?? []) {
    const p = list.find((x) => x.id === id)
    const current = form.getValues('rent')
    // A monthly rent already on the property fills an empty rent box.
    const rent = !current && p?.rentPence && p.rentCycle === 'Monthly' ? String(Math.round(p.rentPence / 100)) : current
    form.setValue('propertyId', id)
    form.setValue('rent', rent)
    edited()
  }

  const handle = form.handleSubmit((f) =>
    buy.mutate({
      referenceCheckType: 'instant',
      propertyId: f.propertyId,
      rentPence: wholePoundsToPence(f.rent),
      depositPence: wholePoundsToPence(f.deposit),
      renters: f.renters.map((r) => ({ name: r.name.trim(), email: r.email.trim() })),
    }),
  )
  function submit(e: FormEvent<HTMLFormElement>) {
    if (buy.isPending) {
      e.preventDefault()
      return
    }
    void handle(e)
  }

  const { price, maxRenters } = useCheckTerms()
  // The deposit-cap rule is the server's: it is asked as the amounts are typed.
  const warning = useDepositWarning(wholePoundsToPence(rent), deposit ? wholePoundsToPence(deposit) : 0, propertyId)
  const n = renters.fields.length
  const list = properties.data ?? []

  return (
    <section className="panel ref-form" aria-labelledby="ref-form-title">
      <div className="omni-step-head">
        <button type="button" className="icon-button" aria-label="Back to the reference type" onClick={onBack}>
          <ArrowLeft aria-hidden size={24} />
        </button>
        <h2 id="ref-form-title" className="omni-step-title">
          Renters and property
        </h2>
      </div>
      <form onSubmit={submit} noValidate aria-labelledby="ref-form-title">
        <fieldset className="ref-form__group">
          <legend>Renters</legend>
          <p className="ref-form__hint">Each renter gets their own check and an e-mail with a link to complete it.</p>
          <ol className="ref-form__renters">
            {renters.fields.map((r, i) => (
              <li key={r.id} className="ref-form__renter">
                <div className="field">
                  <label htmlFor={`renter-${i}-name`}>Renter {i + 1} full name</label>
                  <Controller
                    control={form.control}
                    name={`renters.${i}.name`}
                    render={({ field }) => (
                      <input
                        id={`renter-${i}-name`}
                        autoComplete="off"
                        ref={field.ref}
                        value={field.value}
                        onBlur={field.onBlur}
                        onChange={(e) => {
                          field.onChange(e.target.value)
                          edited()
                        }}
                      />
                    )}
                  />
                </div>
                <div className="field">
                  <label htmlFor={`renter-${i}-email`}>Renter {i + 1} email</label>
                  <Controller
                    control={form.control}
                    name={`renters.${i}.email`}
                    render={({ field }) => (
                      <input
                        id={`renter-${i}-email`}
                        type="email"
                        autoComplete="off"
                        ref={field.ref}
                        value={field.value}
                        onBlur={field.onBlur}
                        onChange={(e) => {
                          field.onChange(e.target.value)
                          edited()
                        }}
                      />
                    )}
                  />
                </div>
                {n > 1 ? (
                  <button
                    type="button"
                    className="icon-button ref-form__remove"
                    aria-label={`Remove renter ${i + 1}`}
                    title="Remove renter"
                    onClick={() => {
                      renters.remove(i)
                      edited()
                    }}
                  >
                    <UserMinus aria-hidden size={20} />
                  </button>
                ) : null}
              </li>
            ))}
          </ol>
          <button
            type="button"
            className="button button--outline ref-form__add"
            disabled={maxRenters > 0 && n >= maxRenters}
            onClick={() => {
              renters.append({ name: '', email: '' }, { shouldFocus: false })
              edited()
            }}
          >
            <Plus aria-hidden size={18} />
            Add renter
          </button>
        </fieldset>

        <fieldset className="ref-form__group">
          <legend>Property</legend>
          <div className="field">
            <label htmlFor="ref-property">Rental property</label>
            <div className="ref-form__property">
              <Controller
                control={form.control}
                name="propertyId"
                render={({ field }) => (
                  <select
                    id="ref-property"
                    ref={field.ref}
                    value={field.value}
                    disabled={properties.isPending}
                    onBlur={field.onBlur}
                    onChange={(e) => pickProperty(e.target.value)}
                  >
                    <option value="">{properties.isPending ? 'Loading your properties…' : 'Select a property'}</option>
                    {list.map((p) => (
                      <option key={p.id} value={p.id}>
                        {propertyLabel(p)}
                      </option>
                    ))}
                  </select>
                )}
              />
              <button type="button" className="button button--outline" onClick={() => setAdding(true)}>
                <Plus aria-hidden size={18} />
                Add New
              </button>
            </div>
          </div>
          <div className="ref-form__money">
            <div className="field">
              <label htmlFor="ref-rent">Monthly rent (£)</label>
              <Controller
                control={form.control}
                name="rent"
                render={({ field }) => (
                  <input
                    id="ref-rent"
                    ref={field.ref}
                    inputMode="numeric"
                    autoComplete="off"
                    value={field.value}
                    onBlur={field.onBlur}
                    onChange={(e) => {
                      field.onChange(digitsOnly(e.target.value))
                      edited()
                    }}
                  />
                )}
              />
            </div>
            <div className="field">
              <label htmlFor="ref-deposit">Security deposit (£)</label>
              <Controller
                control={form.control}
                name="deposit"
                render={({ field }) => (
                  <input
                    id="ref-deposit"
                    ref={field.ref}
                    inputMode="numeric"
                    autoComplete="off"
                    value={field.value}
                    aria-describedby={warning ? warnId : undefined}
                    onBlur={field.onBlur}
                    onChange={(e) => {
                      field.onChange(digitsOnly(e.target.value))
                      edited()
                    }}
                  />
                )}
              />
            </div>
          </div>
          {warning ? (
            <p id={warnId} className="ref-form__warning" role="status">
              <TriangleAlert aria-hidden size={20} />
              <span>{warning}</span>
            </p>
          ) : null}
        </fieldset>

        {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}

        <div className="omni-total">
          <span>
            Total (incl. VAT), {n} {n === 1 ? 'renter' : 'renters'}
          </span>
          <strong>{priceText(price ? price.pence * n : undefined, formatPence)}</strong>
        </div>
        <div className="omni-actions">
          <button type="submit" className="button" disabled={buy.isPending} aria-busy={buy.isPending}>
            {buy.isPending ? <ButtonSpinner /> : null}
            CONTINUE TO PAYMENT
          </button>
        </div>
      </form>

      <Dialog open={adding} onClose={() => setAdding(false)} title="Add New Property">
        <div className="ref-form__new-property">
          <AddressForm
            mode="create"
            onCreated={(p) => {
              // Show the new property at once; the list is refreshed behind it.
              qc.setQueryData<Property[]>(propertiesKey, (old) => (old?.some((x) => x.id === p.id) ? old : [...(old ?? []), p]))
              pickProperty(p.id, [...list, p])
              setAdding(false)
            }}
          />
        </div>
      </Dialog>
    </section>
  )
}
