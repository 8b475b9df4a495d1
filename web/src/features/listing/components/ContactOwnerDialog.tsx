// The contact-the-owner form (spec 1 section 2.7): the signed-in e-mail shown
// read-only and a message box, sent with POST /api/listings/{id}/contact.
import { useState, type FormEvent } from 'react'
import { Send } from 'lucide-react'
import { Dialog } from '../../../components/Dialog'
import { ApiError } from '../../../lib/api'
import { useContactOwner } from '../api/contactOwner'

/** Longest message the server accepts (api/openapi.yaml ContactRequest). */
export const MESSAGE_MAX = 2000

type Props = {
  listingId: string
  email: string
  open: boolean
  onClose: () => void
  /** onSent gets the server's confirmation text. */
  onSent: (text: string) => void
}

export function ContactOwnerDialog({ listingId, email, open, onClose, onSent }: Props) {
  return (
    <Dialog open={open} onClose={onClose} title="Contact the owner">
      {/* Mounted only while open (Dialog renders children then), so each opening starts empty. */}
      <ContactForm listingId={listingId} email={email} onSent={onSent} onCancel={onClose} />
    </Dialog>
  )
}

function ContactForm({
  listingId,
  email,
  onSent,
  onCancel,
}: {
  listingId: string
  email: string
  onSent: (text: string) => void
  onCancel: () => void
}) {
  const [message, setMessage] = useState('')
  const send = useContactOwner(listingId, {
    onSuccess: (data) => onSent(data?.message || 'Your message was sent successfully'),
  })
  const empty = message.trim() === ''
  const error = send.error instanceof ApiError ? send.error : send.error ? new ApiError(0, undefined) : null

  function submit(e: FormEvent) {
    e.preventDefault()
    if (empty || send.isPending) return
    send.mutate(message.trim())
  }

  return (
    <form className="contact-form" onSubmit={submit} noValidate>
      <p className="contact-form__intro">The owner receives your message and replies to your e-mail address.</p>
      <div className="field">
        <label htmlFor="contact-email">Your email</label>
        <input id="contact-email" type="email" value={email} readOnly />
      </div>
      <div className={error?.fields.message ? 'field field--invalid' : 'field'}>
        <label htmlFor="contact-message">Message</label>
        <textarea
          id="contact-message"
          rows={6}
          maxLength={MESSAGE_MAX}
          value={message}
          onChange={(e) => {
            setMessage(e.target.value)
            if (send.isError) send.reset()
          }}
          aria-describedby="contact-message-count"
          aria-invalid={error?.fields.message ? true : undefined}
          placeholder="Hello, I'm interested in this home. Is it still available for a viewing?"
          required
        />
        <p id="contact-message-count" className="contact-form__count">
          {message.length.toLocaleString('en-GB')} / {MESSAGE_MAX.toLocaleString('en-GB')} characters
        </p>
      </div>
      {error && (
        <p className="form-message form-message--error" role="alert">
          {error.fields.message ?? error.message}
        </p>
      )}
      <div className="contact-form__actions">
        <button type="button" className="button button--outline" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button" disabled={empty || send.isPending}>
          {send.isPending ? <span className="spinner" aria-hidden /> : <Send aria-hidden size={18} />}
          {send.isPending ? 'Sending...' : 'Send'}
        </button>
      </div>
    </form>
  )
}
