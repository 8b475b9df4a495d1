// The landlord adds the scheme's certificate: a PDF or a photo (JPEG or
// PNG), checked by its content on the server.
import { useRef } from 'react'
import { ButtonSpinner, FormMessage } from '../../../components/Form'
import { errorMessage } from '../../../lib/errors'
import { useAddCertificate, type DepositTenancy } from '../api/deposit'

export function CertificateUpload({ tenancy }: { tenancy: DepositTenancy }) {
  const input = useRef<HTMLInputElement>(null)
  const add = useAddCertificate(tenancy.id, { onSuccess: () => { if (input.current) input.current.value = '' } })
  const id = `dp-${tenancy.id}-cert`
  return (
    <div className="dp-upload">
      <label htmlFor={id} className="dp-label">
        {tenancy.protection.certificate ? 'Replace the certificate' : "Add the scheme's certificate"}
        <span className="dp-muted dp-small"> (PDF, JPEG or PNG, at most 10 MB)</span>
      </label>
      <input id={id} ref={input} type="file" accept="application/pdf,image/jpeg,image/png" disabled={add.isPending}
        onChange={(e) => { const f = e.target.files?.[0]; if (f) add.mutate(f) }} />
      {add.isPending ? <p className="dp-muted"><ButtonSpinner /> Uploading…</p> : null}
      {add.isError ? <FormMessage kind="error">{errorMessage(add.error)}</FormMessage> : null}
    </div>
  )
}
