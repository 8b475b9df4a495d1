// Promo codes on the payment screen: apply, show and remove them.
import type { FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { Tag, X } from 'lucide-react'
import { ApiError } from '../../../lib/api'
import { useApplyPromoCode, useRemovePromoCode } from '../api/promoCodes'
import { useToast } from '../../../components/Toast'
import { ButtonSpinner } from '../../../components/Form'
import { errorMessage } from '../../../lib/errors'
import { APPLY_LABEL, MSG_CODE_USED, MSG_INVALID_CODE, PROMO_LABEL } from '../messages'
import { storeOrder, type Order } from '../api/keys'
import { promoCodeSchema, type PromoCodeForm } from '../promoCode'

/**
 * PromoBox applies and removes promo codes (spec 2 section 5, "Promo code
 * apply"): an empty box does nothing; an unknown code is an error toast
 * 'Invalid code'; a known but unusable one a warning with the server's
 * reason; one already on the order a warning 'Code already used'.
 */
export function PromoBox({ order }: { order: Order }) {
  const qc = useQueryClient()
  const toast = useToast()
  const form = useForm<PromoCodeForm>({
    resolver: zodResolver(promoCodeSchema(order.promoCodes)),
    defaultValues: { promoCode: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  })

  const apply = useApplyPromoCode(order.id, {
    onSuccess: (res) => {
      storeOrder(qc, res.order, res.provider)
      form.reset({ promoCode: '' })
    },
    onError: (e) => {
      const [kind, text] = promoErrorToast(e)
      toast(kind, text)
    },
  })
  const remove = useRemovePromoCode(order.id, {
    onSuccess: (res) => storeOrder(qc, res.order, res.provider),
    onError: (e) => toast('error', errorMessage(e)),
  })

  const handle = form.handleSubmit(
    (v) => apply.mutate(v.promoCode),
    (errors) => {
      // An empty box says nothing; a code already on the order is a warning.
      if (errors.promoCode?.message === MSG_CODE_USED) toast('warning', MSG_CODE_USED)
    },
  )
  function submit(e: FormEvent<HTMLFormElement>) {
    if (apply.isPending) {
      e.preventDefault()
      return
    }
    void handle(e)
  }

  return (
    <div className="promo">
      <form className="promo__form" onSubmit={submit} noValidate>
        <label htmlFor="promo-code" className="promo__label">
          {PROMO_LABEL}
        </label>
        <div className="promo__row">
          <input
            id="promo-code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            {...form.register('promoCode')}
          />
          <button type="submit" className="button button--outline promo__apply" disabled={apply.isPending} aria-busy={apply.isPending}>
            {apply.isPending ? <ButtonSpinner /> : null}
            {APPLY_LABEL}
          </button>
        </div>
      </form>
      {order.promoCodes.length > 0 ? (
        <ul className="promo__applied" aria-label="Applied promo codes">
          {order.promoCodes.map((p) => (
            <li key={p.code} className="promo__chip">
              <Tag aria-hidden size={16} />
              <span>
                {p.code} <span className="promo__chip-off">−{p.discount}%</span>
              </span>
              <button
                type="button"
                className="promo__chip-remove"
                aria-label={`Remove code ${p.code}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(p.code)}
              >
                <X aria-hidden size={16} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

/** promoErrorToast is the toast for a refused promo code. */
export function promoErrorToast(e: unknown): ['error' | 'warning', string] {
  if (e instanceof ApiError) {
    if (e.status === 404) return ['error', MSG_INVALID_CODE]
    if (e.status === 409) return ['warning', MSG_CODE_USED]
    if (e.status === 400 && e.code === 'code_unusable') return ['warning', e.message]
  }
  return ['error', errorMessage(e)]
}

