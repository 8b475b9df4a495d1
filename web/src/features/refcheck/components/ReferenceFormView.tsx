// The reference form (spec 2 section 2, progress stage 2; rules in section
// 5): the renters' names and e-mails, the property (one of the landlord's,
// or a new one through the same address form as /profile/add), the monthly
// rent and the security deposit in whole pounds. Over the Tenant Fees Act
// cap the deposit gets a warning as it is typed. Sending it records the
// check and its order (POST /api/reference-checks) and moves to payment.
import { useId, useState, type FormEvent } from 'react'
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
import { digitsOnly, referenceFormProblem, type ReferenceForm } from '../rules'

export type Purchase = components['schemas']['ReferenceCheckPurchase']

type Props = {
  form: ReferenceForm
  onChange: (f: ReferenceForm) => void
  onBack: () => void
  onPurchased: (p: Purchase) => void
}

export function propertyLabel(p: Property): string {
  const a = p.address
  return [a.addrFirstLine, a.addrSecondLine, a.town, a.postcode].filter((s) => s && s.trim()).join(', ')
}

export function ReferenceFormView({ form, onChange, onBack, onPurchased }: Props) {
  const qc = useQueryClient()
  const properties = useMyProperties()
  const [problem, setProblem] = useState('')
  const [adding, setAdding] = useState(false)
  const warnId = useId()

  const buy = useBuyReferenceCheck({
    onSuccess: onPurchased,
    onError: (e) => setProblem(errorMessage(e)),
  })

  function update(f: Partial<ReferenceForm>) {
    onChange({ ...form, ...f })
    setProblem('')
  }
  function setRenter(i: number, k: 'name' | 'email', v: string) {
    update({ renters: form.renters.map((r, j) => (j === i ? { ...r, [k]: v } : r)) })
  }
  function pickProperty(id: string, list = properties.data ?? []) {
    const p = list.find((x) => x.id === id)
    // A monthly rent already on the property fills an empty rent box.
    const rent = !form.rent && p?.rentPence && p.rentCycle === 'Monthly' ? String(Math.round(p.rentPence / 100)) : form.rent
    update({ propertyId: id, rent })
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    if (buy.isPending) return
    const p = referenceFormProblem(form)
    setProblem(p)
    if (!p)
      buy.mutate({
        referenceCheckType: 'instant',
        propertyId: form.propertyId,
        rentPence: wholePoundsToPence(form.rent),
        depositPence: wholePoundsToPence(form.deposit),
        renters: form.renters.map((r) => ({ name: r.name.trim(), email: r.email.trim() })),
      })
  }

  const { price, maxRenters } = useCheckTerms()
  // The deposit-cap rule is the server's: it is asked as the amounts are typed.
  const warning = useDepositWarning(wholePoundsToPence(form.rent), form.deposit ? wholePoundsToPence(form.deposit) : 0)
  const n = form.renters.length
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
            {form.renters.map((r, i) => (
              <li key={i} className="ref-form__renter">
                <div className="field">
                  <label htmlFor={`renter-${i}-name`}>Renter {i + 1} full name</label>
                  <input
                    id={`renter-${i}-name`}
                    autoComplete="off"
                    value={r.name}
                    onChange={(e) => setRenter(i, 'name', e.target.value)}
                  />
                </div>
                <div className="field">
                  <label htmlFor={`renter-${i}-email`}>Renter {i + 1} email</label>
                  <input
                    id={`renter-${i}-email`}
                    type="email"
                    autoComplete="off"
                    value={r.email}
                    onChange={(e) => setRenter(i, 'email', e.target.value)}
                  />
                </div>
                {n > 1 ? (
                  <button
                    type="button"
                    className="icon-button ref-form__remove"
                    aria-label={`Remove renter ${i + 1}`}
                    title="Remove renter"
                    onClick={() => update({ renters: form.renters.filter((_, j) => j !== i) })}
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
            onClick={() => update({ renters: [...form.renters, { name: '', email: '' }] })}
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
              <select
                id="ref-property"
                value={form.propertyId}
                disabled={properties.isPending}
                onChange={(e) => pickProperty(e.target.value)}
              >
                <option value="">{properties.isPending ? 'Loading your properties…' : 'Select a property'}</option>
                {list.map((p) => (
                  <option key={p.id} value={p.id}>
                    {propertyLabel(p)}
                  </option>
                ))}
              </select>
              <button type="button" className="button button--outline" onClick={() => setAdding(true)}>
                <Plus aria-hidden size={18} />
                Add New
              </button>
            </div>
          </div>
          <div className="ref-form__money">
            <div className="field">
              <label htmlFor="ref-rent">Monthly rent (£)</label>
              <input
                id="ref-rent"
                inputMode="numeric"
                autoComplete="off"
                value={form.rent}
                onChange={(e) => update({ rent: digitsOnly(e.target.value) })}
              />
            </div>
            <div className="field">
              <label htmlFor="ref-deposit">Security deposit (£)</label>
              <input
                id="ref-deposit"
                inputMode="numeric"
                autoComplete="off"
                value={form.deposit}
                aria-describedby={warning ? warnId : undefined}
                onChange={(e) => update({ deposit: digitsOnly(e.target.value) })}
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
