// Booking a vendor (issue 16 section 2): the landlord's request (property,
// certificate type, preferred dates, contact) goes to the address set in
// the server's configuration with a copy to the landlord; the type's
// section then says when it was requested.
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { Dialog } from '../../../components/Dialog'
import { ButtonSpinner, describedBy, Field, FormMessage } from '../../../components/Form'
import { useToast } from '../../../components/Toast'
import { useAuth } from '../../../lib/auth'
import { errorFields, errorMessage } from '../../../lib/errors'
import { useBookVendor } from '../api/bookVendor'
import type { CertificateType } from '../api/keys'
import { MSG } from '../rules'

export const bookingSchema = z.object({
  preferredDates: z.string().trim().min(1, 'Please say which dates suit you.').max(500, 'Please keep this to 500 characters.'),
  contact: z.string().trim().min(1, 'Please give a phone number or e-mail to contact you.').max(500, 'Please keep this to 500 characters.'),
})
type Values = z.infer<typeof bookingSchema>

type Props = { propertyId: string; type: CertificateType | null; onClose: () => void }

export function BookVendor({ propertyId, type, onClose }: Props) {
  const title = type?.id === 'hmo-licence' ? 'Apply for an HMO licence' : 'Book a certificate check'
  return (
    <Dialog open={!!type} onClose={onClose} title={title}>
      {type ? <BookingForm propertyId={propertyId} type={type} onClose={onClose} /> : null}
    </Dialog>
  )
}

function BookingForm({ propertyId, type, onClose }: { propertyId: string; type: CertificateType; onClose: () => void }) {
  const { user } = useAuth()
  const toast = useToast()
  const form = useForm<Values>({
    resolver: zodResolver(bookingSchema),
    defaultValues: { preferredDates: '', contact: user?.email ?? '' },
  })
  const { errors } = form.formState
  const book = useBookVendor({
    onSuccess: () => {
      toast('success', MSG.requested)
      onClose()
    },
    onError: (e) => {
      const f = errorFields(e)
      let shown = false
      for (const key of ['preferredDates', 'contact'] as const) {
        if (f[key]) {
          form.setError(key, { message: f[key] })
          shown = true
        }
      }
      if (!shown) form.setError('root', { message: f.type || errorMessage(e) })
    },
  })
  const submit = form.handleSubmit((v) => {
    if (book.isPending) return
    book.mutate({ propertyId, type: type.id, preferredDates: v.preferredDates.trim(), contact: v.contact.trim() })
  })
  return (
    <form onSubmit={submit} noValidate className="docs-booking">
      <p className="docs-muted">
        We send your request for the {type.name} to our partner, who contacts you to agree a time. You get a copy by e-mail.
      </p>
      <FormMessage kind="error">{errors.root?.message}</FormMessage>
      <Field id="bk-dates" label="Preferred dates" error={errors.preferredDates?.message} hint="For example: any weekday morning next week">
        <textarea
          id="bk-dates"
          rows={3}
          {...form.register('preferredDates')}
          aria-invalid={!!errors.preferredDates || undefined}
          aria-describedby={describedBy('bk-dates', { hint: true, error: errors.preferredDates })}
        />
      </Field>
      <Field id="bk-contact" label="Contact (phone or e-mail)" error={errors.contact?.message}>
        <input
          id="bk-contact"
          {...form.register('contact')}
          aria-invalid={!!errors.contact || undefined}
          aria-describedby={describedBy('bk-contact', { error: errors.contact })}
        />
      </Field>
      <div className="docs-actions">
        <button type="button" className="button button--outline" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button" disabled={book.isPending} aria-busy={book.isPending}>
          {book.isPending ? <ButtonSpinner /> : null}
          Send request
        </button>
      </div>
    </form>
  )
}
