// /wallet/add/:kind and /wallet/t/:id/edit (spec 3 "Wallet flow"): adding
// calls create, editing calls update; success returns to the overview.
import { useNavigate, useParams } from 'react-router'
import NotFound from '../../../components/NotFound'
import { Spinner } from '../../../components/Spinner'
import { ToastProvider } from '../../../components/Toast'
import { ApiError } from '../../../lib/api'
import { errorMessage } from '../../../lib/errors'
import { useTransaction } from '../api/transaction'
import { useWalletProperties } from '../api/properties'
import type { Kind, Transaction } from '../api/keys'
import { TransactionForm } from '../components/TransactionForm'
import { todayISO } from '../format'
import { KIND_LABELS, blankForm, fromTransaction } from '../rules'
import type { ToastState } from '../../../components/CarriedToast'
import '../../../app/shell/pages.css'
import '../wallet.css'

const KINDS: Kind[] = ['income', 'expense', 'loan']

export default function TransactionFormPage() {
  const { kind, id } = useParams()
  return (
    <ToastProvider>
      <div className="wl-page wl-form-page">{id ? <Edit id={id} /> : KINDS.includes(kind as Kind) ? <Add kind={kind as Kind} /> : <NotFound />}</div>
    </ToastProvider>
  )
}

function useProperties() {
  const q = useWalletProperties()
  return { ...q, list: (q.data?.properties ?? []).map((p) => ({ id: p.propertyId, label: p.propertyLabel })) }
}

function Loading() {
  return (
    <div className="wl-loading">
      <Spinner />
    </div>
  )
}

function Add({ kind }: { kind: Kind }) {
  const navigate = useNavigate()
  const props = useProperties()
  if (props.isPending) return <Loading />
  const only = props.list.length === 1 ? props.list[0].id : ''
  return (
    <>
      <h1 id="wl-form-title" className="page__title">
        Add {KIND_LABELS[kind]}
      </h1>
      <TransactionForm
        key={kind}
        kind={kind}
        initial={blankForm(kind, only, todayISO())}
        properties={props.list}
        onSaved={() => navigate('/wallet', { state: { toast: `${KIND_LABELS[kind]} added` } satisfies ToastState })}
        onCancel={() => navigate(-1)}
      />
    </>
  )
}

function Edit({ id }: { id: string }) {
  const q = useTransaction(id)
  const props = useProperties()
  if (q.isPending || props.isPending) return <Loading />
  if (q.isError) {
    if (q.error instanceof ApiError && q.error.status === 404) return <NotFound />
    return (
      <p className="form-message form-message--error" role="alert">
        {errorMessage(q.error)}
      </p>
    )
  }
  return <EditForm t={q.data} properties={props.list} />
}

function EditForm({ t, properties }: { t: Transaction; properties: Array<{ id: string; label: string }> }) {
  const navigate = useNavigate()
  return (
    <>
      <h1 id="wl-form-title" className="page__title">
        Edit {KIND_LABELS[t.kind]}
      </h1>
      <TransactionForm
        kind={t.kind}
        initial={fromTransaction(t)}
        transaction={t}
        properties={properties}
        onSaved={() => navigate('/wallet', { state: { toast: 'Changes saved' } satisfies ToastState })}
        onCancel={() => navigate(-1)}
      />
    </>
  )
}
