// /profile/:view (spec 3 "Account (under /profile)"): a small menu with My
// Properties and Account Details. The property screens (list, add, edit) live
// in features/property; Account Details edits the full name and the password.
import { useMemo, useState, type FormEvent } from 'react'
import { Link, Navigate, useParams } from 'react-router'
import { LandlordOnly } from '../../../app/guards'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import type { User } from '../../../lib/api'
import { useUpdateFullName } from '../api/updateAccount'
import { useAuth } from '../../../lib/auth'
import { ButtonSpinner, Field, FormMessage, describedBy } from '../../../components/Form'
import { UPDATE_SUCCESSFUL, fullNameSchema, type FullNameForm } from '../../auth/passwordRules'
import { errorFields, errorMessage } from '../../../lib/errors'
import { ChangePasswordDialog } from '../components/ChangePasswordDialog'
import { OrdersList } from '../components/OrdersList'
import { SavedSearchList } from '../../savedsearch/components/SavedSearchList'
import { ReceiptView } from '../../payment/components/ReceiptView'
import { PropertyList } from '../../property/components/PropertyList'
import { AddProperty, EditProperty } from '../../property/components/PropertyEditor'
import '../../auth/auth.css'
import '../ProfilePage.css'

const VIEWS = ['list', 'add', 'edit', 'account', 'orders', 'saved-searches'] as const
type View = (typeof VIEWS)[number]

export default function ProfilePage() {
  // /profile/orders/:number is one order's receipt, under Orders.
  const { view: viewParam, number } = useParams()
  const view = number ? 'orders' : viewParam
  const { user } = useAuth()
  const tenant = user?.userType === 'Tenant'
  // Unknown views show the site's 404 text (inside the shell's <main>).
  if (!VIEWS.includes(view as View))
    return (
      <div className="not-found">
        <h1>404 Not Found!</h1>
      </div>
    )
  // Properties are a landlord's: a tenant's profile is their account and orders.
  if (tenant && view === 'list') return <Navigate to="/profile/account" replace />
  if (tenant && (view === 'add' || view === 'edit')) return <LandlordOnly />
  return (
    <div className="profile">
      <nav className="profile__menu" aria-label="Profile menu">
        {tenant ? null : <Link
          to="/profile/list"
          className={view === 'account' || view === 'orders' || view === 'saved-searches' ? undefined : 'active'}
          aria-current={view === 'list' ? 'page' : view === 'account' || view === 'orders' || view === 'saved-searches' ? undefined : 'true'}
        >
          My Properties
        </Link>}
        <Link
          to="/profile/account"
          className={view === 'account' ? 'active' : undefined}
          aria-current={view === 'account' ? 'page' : undefined}
        >
          Account Details
        </Link>
        <Link
          to="/profile/orders"
          className={view === 'orders' ? 'active' : undefined}
          aria-current={view === 'orders' ? 'page' : undefined}
        >
          Orders
        </Link>
        <Link
          to="/profile/saved-searches"
          className={view === 'saved-searches' ? 'active' : undefined}
          aria-current={view === 'saved-searches' ? 'page' : undefined}
        >
          Saved searches
        </Link>
      </nav>
      <div className="profile__body">
        {view === 'list' ? <PropertyList /> : null}
        {view === 'add' ? <AddProperty /> : null}
        {view === 'edit' ? <EditProperty /> : null}
        {view === 'account' ? <AccountDetails /> : null}
        {view === 'orders' ? number ? <ReceiptView number={number} backTo="/profile/orders" /> : <OrdersList /> : null}
        {view === 'saved-searches' ? <SavedSearchList /> : null}
      </div>
    </div>
  )
}

function AccountDetails() {
  const { user } = useAuth()
  if (!user) return null
  return <AccountForm user={user} />
}

function AccountForm({ user }: { user: User }) {
  const { setUser } = useAuth()
  // The name is checked against the current one; its error shows from a
  // submit (or the server) and clears, with any message, as the name is edited.
  const resolver = useMemo(() => zodResolver(fullNameSchema(user.fullName)), [user.fullName])
  const form = useForm<FullNameForm>({
    resolver,
    defaultValues: { fullName: user.fullName },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  })
  const { errors } = form.formState
  const [saved, setSaved] = useState('')
  const [pwOpen, setPwOpen] = useState(false)

  const save = useUpdateFullName({
    onSuccess: (data) => {
      setUser(data.user)
      form.setValue('fullName', data.user.fullName)
      setSaved(data.message || UPDATE_SUCCESSFUL)
    },
    onError: (e) => {
      const f = errorFields(e)
      if (f.fullName) form.setError('fullName', { message: f.fullName })
      else form.setError('root', { message: errorMessage(e) })
    },
  })

  const saveName = form.handleSubmit((v) => save.mutate(v.fullName))

  function submit(e: FormEvent) {
    e.preventDefault()
    if (save.isPending) return
    setSaved('')
    void saveName(e)
  }

  return (
    <section className="profile-card" aria-labelledby="account-title">
      <h1 id="account-title">Account Details</h1>
      <form onSubmit={submit} noValidate className="account-form">
        <FormMessage kind="error">{errors.root?.message}</FormMessage>
        <FormMessage kind="success">{saved}</FormMessage>
        <Field id="acc-email" label="Email">
          <input id="acc-email" type="email" value={user.email} readOnly />
        </Field>
        <div className="field">
          <label htmlFor="acc-password">Password</label>
          <div className="account-password">
            <input id="acc-password" type="password" value="••••••••••" readOnly aria-describedby="acc-password-note" />
            <button type="button" className="button button--outline" onClick={() => setPwOpen(true)}>
              Change Password
            </button>
          </div>
          <span id="acc-password-note" className="visually-hidden">
            Your password is hidden. Use Change Password to set a new one.
          </span>
        </div>
        <Field id="acc-name" label="Full Name" error={errors.fullName?.message}>
          <input
            id="acc-name"
            autoComplete="name"
            aria-invalid={errors.fullName ? true : undefined}
            aria-describedby={describedBy('acc-name', { error: errors.fullName })}
            {...form.register('fullName', {
              onChange: () => {
                form.clearErrors('fullName')
                form.clearErrors('root')
                setSaved('')
              },
            })}
          />
        </Field>
        <div className="account-actions">
          <button type="submit" className="button" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending ? <ButtonSpinner /> : null}
            Save Details
          </button>
          <button type="button" className="button button--outline account-delete" disabled>
            Delete Account
          </button>
        </div>
      </form>
      <ChangePasswordDialog open={pwOpen} onClose={() => setPwOpen(false)} email={user.email} />
    </section>
  )
}
