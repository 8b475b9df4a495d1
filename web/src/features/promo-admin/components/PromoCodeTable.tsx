// All Promo Codes (spec 2 sections 2 and 8): the codes, newest first, in a
// table. A click on a row (or the code's button, for the keyboard) opens the
// Update Promo Code form; the trash bin deletes after a confirmation. In a
// narrow box the rows become cards (admin.css), so nothing needs sideways
// scrolling on a phone.
import { useState, type MouseEvent } from 'react'
import { TicketPercent, Trash2 } from 'lucide-react'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { Spinner } from '../../../components/Spinner'
import { FormMessage } from '../../../components/Form'
import { errorMessage } from '../../../lib/errors'
import { readableDay } from '../promoRules'
import { useDeletePromoCode } from '../api/deletePromoCode'
import { usePromoCodes } from '../api/promoCodes'
import { type PromoCode } from '../api/keys'

export const HINT = 'Click on a code to update it, click on the trash bin to delete it'
export const NO_CODES = 'No Codes'
export const LIST_ERROR = 'error retrieving codes...'

// The spec's columns, with its raw 'createdAt' read as the others are (issue 27).
const COLUMNS = ['Code', 'Active', 'Discount', 'Created At', 'Starts At', 'Ends At', 'Updated At', 'Delete'] as const

type Props = {
  /** labelledBy names the table after its section heading. */
  labelledBy: string
  onOpen: (code: PromoCode) => void
  /** notice is a confirmation from the view before (e.g. a code was created). */
  notice?: string
}

export function PromoCodeTable({ labelledBy, onOpen, notice }: Props) {
  const list = usePromoCodes()
  const remove = useDeletePromoCode()
  const [pending, setPending] = useState<PromoCode | null>(null)
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null)

  function confirmDelete() {
    if (!pending || remove.isPending) return
    remove.mutate(pending, {
      onSuccess: (gone) => setMessage({ kind: 'success', text: `Promo code ${gone.code} deleted.` }),
      onError: (e) => setMessage({ kind: 'error', text: errorMessage(e) }),
      onSettled: () => setPending(null),
    })
  }

  function rowClick(e: MouseEvent<HTMLTableRowElement>, c: PromoCode) {
    // The buttons inside the row do their own thing.
    if ((e.target as Element).closest('button, a')) return
    onOpen(c)
  }

  const codes = list.data ?? []
  const shown = message ?? (notice ? { kind: 'success' as const, text: notice } : null)
  return (
    <div className="promo-list">
      {shown ? <FormMessage kind={shown.kind}>{shown.text}</FormMessage> : null}
      {list.isPending ? (
        <div className="promo-loading">
          <Spinner label="Loading promo codes" />
        </div>
      ) : list.isError ? (
        <FormMessage kind="error">{LIST_ERROR}</FormMessage>
      ) : codes.length === 0 ? (
        <div className="promo-empty">
          <TicketPercent aria-hidden size={40} />
          <p>{NO_CODES}</p>
        </div>
      ) : (
        <>
          <p className="promo-list__hint">{HINT}</p>
          <div className="promo-table-box">
            {/* Explicit roles keep the table a table for screen readers when the
                narrow layout turns its rows into cards. */}
            <table className="promo-table" role="table" aria-labelledby={labelledBy}>
              <thead role="rowgroup">
                <tr role="row">
                  {COLUMNS.map((c) => (
                    <th key={c} role="columnheader" scope="col">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody role="rowgroup">
                {codes.map((c) => (
                  <tr key={c.id} role="row" className="promo-row" onClick={(e) => rowClick(e, c)}>
                    <td role="cell" className="promo-row__code" data-label="Code">
                      <button type="button" className="promo-row__open" aria-label={`Update ${c.code}`} onClick={() => onOpen(c)}>
                        {c.code}
                      </button>
                    </td>
                    <td role="cell" data-label="Active">
                      <span className={c.active ? 'promo-state promo-state--on' : 'promo-state'}>{c.active ? 'Yes' : 'No'}</span>
                    </td>
                    <td role="cell" data-label="Discount">
                      {c.discount}%
                    </td>
                    <td role="cell" data-label="Created At">
                      {readableDay(c.createdAt)}
                    </td>
                    <td role="cell" data-label="Starts At">
                      {readableDay(c.startDate)}
                    </td>
                    <td role="cell" data-label="Ends At">
                      {readableDay(c.endDate)}
                    </td>
                    <td role="cell" data-label="Updated At">
                      {readableDay(c.updatedAt)}
                    </td>
                    <td role="cell" className="promo-row__delete" data-label="Delete">
                      <button
                        type="button"
                        className="icon-button promo-row__trash"
                        aria-label={`Delete ${c.code}`}
                        title="Delete"
                        aria-haspopup="dialog"
                        disabled={remove.isPending && remove.variables?.id === c.id}
                        onClick={() => {
                          setMessage(null)
                          setPending(c)
                        }}
                      >
                        <Trash2 aria-hidden size={20} />
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <ConfirmDialog
        open={pending !== null}
        title="Delete promo code"
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onCancel={() => setPending(null)}
        onConfirm={confirmDelete}
      >
        {pending ? (
          <p>
            Delete the promo code <strong>{pending.code}</strong>? Buyers will no longer be able to apply it.
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  )
}
