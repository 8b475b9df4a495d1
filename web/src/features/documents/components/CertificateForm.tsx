// Upload, replace or edit a certificate (issue 16 section 2):
//   ?view=upload[&certType=<type>][&replaces=<id>]   a new certificate (or the one replacing <id>)
//   ?view=edit&certificate=<id>                      change one
// The type, a name (Other), the issue date, the expiry (prefilled from the
// type's term, editable; never later than a term the law fixes allows), the
// EPC rating (EPC), notes and the files (PDF, JPEG or PNG, 10 MB each)
// chosen from the device or taken with the camera.
// A new certificate is saved with its first file in one request, together
// or not at all (a refused file leaves no certificate); then its other
// files one by one. A failure keeps everything typed and chosen, and saving
// again sends only what is left.
import { useEffect, useId, useRef, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { Camera, FileText, FolderOpen, Trash2, X } from 'lucide-react'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { ButtonSpinner, describedBy, Field, FormMessage } from '../../../components/Form'
import { Spinner } from '../../../components/Spinner'
import { useToast } from '../../../components/Toast'
import { errorFields, errorMessage } from '../../../lib/errors'
import { useCertificates } from '../api/certificates'
import { createCertificateWithFile, FILE_ERRORS } from '../api/createCertificate'
import { ApiError } from '../../../lib/api'
import { useDeleteCertificateFile } from '../api/deleteCertificateFile'
import { documentsKey, type Certificate, type CertificateFile, type CertificatePatch, type CertificateType } from '../api/keys'
import { useUpdateCertificate } from '../api/updateCertificate'
import { uploadCertificateFile } from '../api/uploadCertificateFile'
import { addMonths, detailsHref, FILE_ACCEPT, fileProblem, formatDay, formatSize, latestExpiry, longDay, MSG, termMessage, todayInLondon } from '../rules'
import { DATE_MAX, DATE_MIN } from '../../../lib/dateRange'

export const CERT_MSG = {
  type: 'Please choose a certificate type.',
  name: "Please enter the certificate's name.",
  issuedOn: 'Please enter the issue date.',
  issuedFuture: 'The issue date cannot be in the future.',
  expiresOn: 'Please enter the expiry date.',
  expiresBefore: 'The expiry date must be after the issue date.',
  epcRating: 'Please choose the EPC rating (A to G).',
  notes: 'Notes can be at most 2000 characters.',
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** certificateSchema checks what the server checks, with its messages, for the chosen type. */
export function certificateSchema(types: CertificateType[], today: string) {
  return z
    .object({
      type: z.string(),
      name: z.string(),
      issuedOn: z.string(),
      expiresOn: z.string(),
      epcRating: z.string(),
      notes: z.string().max(2000, CERT_MSG.notes),
      outcome: z.string(),
    })
    .superRefine((v, ctx) => {
      const t = types.find((x) => x.id === v.type)
      if (!t) ctx.addIssue({ code: 'custom', path: ['type'], message: CERT_MSG.type })
      if (t?.needsName && !v.name.trim()) ctx.addIssue({ code: 'custom', path: ['name'], message: CERT_MSG.name })
      if (!DAY.test(v.issuedOn)) ctx.addIssue({ code: 'custom', path: ['issuedOn'], message: CERT_MSG.issuedOn })
      else if (v.issuedOn > today) ctx.addIssue({ code: 'custom', path: ['issuedOn'], message: CERT_MSG.issuedFuture })
      if (!DAY.test(v.expiresOn)) ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: CERT_MSG.expiresOn })
      else if (DAY.test(v.issuedOn) && v.expiresOn <= v.issuedOn) ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: CERT_MSG.expiresBefore })
      else if (DAY.test(v.issuedOn) && latestExpiry(t, v.issuedOn) && v.expiresOn > latestExpiry(t, v.issuedOn))
        ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: termMessage(t, v.issuedOn) })
      if (t && t.ratings.length > 0 && !t.ratings.includes(v.epcRating)) ctx.addIssue({ code: 'custom', path: ['epcRating'], message: CERT_MSG.epcRating })
    })
}
type Values = z.infer<ReturnType<typeof certificateSchema>>
const FIELDS: Array<keyof Values> = ['type', 'name', 'issuedOn', 'expiresOn', 'epcRating', 'notes', 'outcome']

/** The types whose report has an outcome; an unsatisfactory one opens a repair with its clock (issue 44). */
export const OUTCOME_TYPES = ['eicr', 'gas-safety']

type Chosen = { key: number; file: File; problem: string; progress: number; state: 'waiting' | 'uploading' | 'done' | 'failed'; error: string }

type Props = { propertyId: string; address: string; kind: 'upload' | 'edit' }

export function CertificateForm({ propertyId, address, kind }: Props) {
  const q = useCertificates(propertyId)
  const [params] = useSearchParams()
  const back = detailsHref('Certificates', propertyId, params.get('certType') ? { certType: params.get('certType')! } : {})
  if (q.isPending)
    return (
      <div className="docs-loading">
        <Spinner label={MSG.loading} />
      </div>
    )
  if (q.isError) return <FormMessage kind="error">{errorMessage(q.error)}</FormMessage>
  const all = q.data.groups.flatMap((g) => [...g.current, ...g.history])
  const editing = kind === 'edit' ? all.find((c) => c.id === params.get('certificate')) : undefined
  const replacing = kind === 'upload' ? all.find((c) => c.id === params.get('replaces') && c.current && !c.readOnly) : undefined
  if (kind === 'edit' && (!editing || editing.readOnly))
    return (
      <section className="panel">
        <FormMessage kind="error">This certificate could not be found.</FormMessage>
        <Link className="button button--outline" to={back}>
          Back to the certificates
        </Link>
      </section>
    )
  return (
    <LoadedForm
      propertyId={propertyId}
      address={address}
      types={q.data.types}
      editing={editing}
      replacing={replacing}
      askedType={replacing?.type ?? params.get('certType') ?? ''}
      back={back}
    />
  )
}

type LoadedProps = {
  propertyId: string
  address: string
  types: CertificateType[]
  editing?: Certificate
  replacing?: Certificate
  askedType: string
  back: string
}

function LoadedForm({ propertyId, address, types, editing, replacing, askedType, back }: LoadedProps) {
  const navigate = useNavigate()
  const qc = useQueryClient()
  const toast = useToast()
  const uid = useId()
  const today = todayInLondon()
  const firstType = types.find((t) => t.id === askedType || String(t.certType) === askedType)?.id ?? types[0]?.id ?? ''
  const initialType = editing?.type ?? firstType
  const initialTerm = types.find((t) => t.id === initialType)?.termMonths ?? 0
  const form = useForm<Values>({
    resolver: zodResolver(certificateSchema(types, today)),
    defaultValues: editing
      ? { type: editing.type, name: editing.name, issuedOn: editing.issuedOn, expiresOn: editing.expiresOn, epcRating: editing.epcRating, notes: editing.notes, outcome: editing.outcome ?? '' }
      : { type: initialType, name: '', issuedOn: today, expiresOn: initialTerm ? addMonths(today, initialTerm) : '', epcRating: '', notes: '', outcome: '' },
  })
  const { errors } = form.formState
  // The expiry follows the issue date and the term until the landlord types one.
  const expiryTyped = useRef(editing ? editing.expiresOn !== addMonths(editing.issuedOn, initialTerm) : false)
  const typeId = form.watch('type')
  const issuedOn = form.watch('issuedOn')
  const type = types.find((t) => t.id === typeId)
  useEffect(() => {
    if (expiryTyped.current || !type?.termMonths || !DAY.test(issuedOn)) return
    form.setValue('expiresOn', addMonths(issuedOn, type.termMonths), { shouldDirty: true })
  }, [issuedOn, type?.termMonths, form])

  const [files, setFiles] = useState<Chosen[]>([])
  const nextKey = useRef(1)
  const [savedId, setSavedId] = useState(editing?.id ?? '')
  const [busy, setBusy] = useState(false)
  const [doomedFile, setDoomedFile] = useState<CertificateFile | null>(null)
  const update = useUpdateCertificate()
  const delFile = useDeleteCertificateFile({ onSuccess: () => setDoomedFile(null) })

  function add(list: FileList | null) {
    if (!list) return
    const added = Array.from(list).map((file) => ({ key: nextKey.current++, file, problem: fileProblem(file), progress: 0, state: 'waiting' as const, error: '' }))
    setFiles((fs) => [...fs, ...added])
    form.clearErrors('root')
  }

  function showServerError(e: unknown) {
    const f = errorFields(e)
    let shown = false
    for (const k of FIELDS) {
      if (f[k]) {
        form.setError(k, { message: f[k] })
        shown = true
      }
    }
    if (!shown) form.setError('root', { message: f.replaces || f.propertyId || errorMessage(e) })
  }

  const save = form.handleSubmit(async (v) => {
    if (busy) return
    const sendable = files.filter((f) => !f.problem && f.state !== 'done')
    if (!savedId && sendable.length === 0) {
      form.setError('root', { message: MSG.needFile })
      return
    }
    setBusy(true)
    let id = savedId
    try {
      const t = types.find((x) => x.id === v.type)
      const body = {
        name: t?.needsName ? v.name.trim() : '',
        issuedOn: v.issuedOn,
        expiresOn: v.expiresOn,
        epcRating: t && t.ratings.length ? v.epcRating : '',
        notes: v.notes.trim(),
        ...(OUTCOME_TYPES.includes(v.type) && v.outcome ? { outcome: v.outcome as 'satisfactory' | 'unsatisfactory' } : {}),
      }
      if (!id) {
        const first = sendable[0]
        const mark = (patch: Partial<Chosen>) => setFiles((fs) => fs.map((x) => (x.key === first.key ? { ...x, ...patch } : x)))
        mark({ state: 'uploading', error: '', progress: 0 })
        try {
          const c = await createCertificateWithFile({ propertyId, type: v.type, ...body, ...(replacing ? { replaces: replacing.id } : {}) }, first.file, (p) =>
            mark({ progress: p }),
          )
          id = c.id
          setSavedId(id)
          mark({ state: 'done', progress: 1 })
        } catch (e) {
          if (e instanceof ApiError && FILE_ERRORS.includes(e.code)) {
            // Nothing was saved: the certificate waits for a file that is accepted.
            mark({ state: 'failed', error: errorMessage(e) })
            form.setError('root', { message: MSG.notSavedFile })
          } else {
            mark({ state: 'waiting', progress: 0 })
            throw e
          }
          setBusy(false)
          return
        }
      } else {
        const patch: CertificatePatch = body
        await update.mutateAsync({ id, patch })
      }
    } catch (e) {
      showServerError(e)
      setBusy(false)
      return
    }
    let failed = 0
    for (const f of sendable.filter((x) => x.key !== sendable[0]?.key || savedId)) {
      setFiles((fs) => fs.map((x) => (x.key === f.key ? { ...x, state: 'uploading', error: '', progress: 0 } : x)))
      try {
        await uploadCertificateFile(id, f.file, (p) => setFiles((fs) => fs.map((x) => (x.key === f.key ? { ...x, progress: p } : x))))
        setFiles((fs) => fs.map((x) => (x.key === f.key ? { ...x, state: 'done', progress: 1 } : x)))
      } catch (e) {
        failed++
        setFiles((fs) => fs.map((x) => (x.key === f.key ? { ...x, state: 'failed', error: errorMessage(e) } : x)))
      }
    }
    await qc.invalidateQueries({ queryKey: documentsKey })
    setBusy(false)
    if (failed > 0) {
      form.setError('root', {
        message:
          failed === 1
            ? 'The certificate is saved but one file was not uploaded: see the file below, then save again or remove it.'
            : `The certificate is saved but ${failed} files were not uploaded: see the files below, then save again or remove them.`,
      })
      return
    }
    toast('success', editing ? MSG.updated : replacing ? MSG.replaced : MSG.uploaded)
    navigate(detailsHref('Certificates', propertyId, { certType: v.type }), { replace: true })
  })

  const title = editing ? `Edit ${editing.title}` : replacing ? `Replace ${replacing.title}` : 'Upload a certificate'
  const typeLocked = !!editing || !!replacing || !!savedId
  const pending = files

  return (
    <section className="panel docs-form" aria-labelledby={`${uid}-title`}>
      <div className="docs-form__head">
        <div>
          <h1 id={`${uid}-title`} className="page__title">{title}</h1>
          <p className="docs-muted">{address}</p>
        </div>
        <Link to={back} className="icon-button" aria-label="Close">
          <X size={22} aria-hidden="true" />
        </Link>
      </div>
      {replacing ? (
        <p className="form-message form-message--info">
          The new certificate replaces the one that expires on {formatDay(replacing.expiresOn)}; that one is kept as history and no more reminders are sent for it.
        </p>
      ) : null}
      <form onSubmit={(e) => void save(e)} noValidate>
        <FormMessage kind="error">{errors.root?.message}</FormMessage>
        <Field id="cf-type" label="Certificate type" error={errors.type?.message}>
          <select id="cf-type" {...form.register('type')} disabled={typeLocked} aria-invalid={!!errors.type || undefined}>
            {types.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </Field>
        {type?.help ? <p className="docs-cert__help docs-form__help">{type.help}</p> : null}
        {type?.needsName ? (
          <Field id="cf-name" label="Name of the certificate" error={errors.name?.message} hint="For example: PAT test, Legionella risk assessment, fire alarm service">
            <input id="cf-name" maxLength={100} {...form.register('name')} aria-invalid={!!errors.name || undefined}
              aria-describedby={describedBy('cf-name', { hint: true, error: errors.name })} />
          </Field>
        ) : null}
        <div className="docs-form__row">
          <Field id="cf-issued" label="Issue date" error={errors.issuedOn?.message}>
            <input id="cf-issued" type="date" min={DATE_MIN} max={today} {...form.register('issuedOn')} aria-invalid={!!errors.issuedOn || undefined}
              aria-describedby={describedBy('cf-issued', { error: errors.issuedOn })} />
          </Field>
          <Field
            id="cf-expires"
            label="Expiry date"
            error={errors.expiresOn?.message}
            hint={
              type?.termFixed && type.termMonths
                ? `Filled in from the ${termWords(type.termMonths)} term the law sets; change it to the date the certificate gives${latestExpiry(type, issuedOn) ? ` (${longDay(latestExpiry(type, issuedOn))} at the latest)` : ''}.`
                : type?.termMonths
                  ? `Filled in from the ${termWords(type.termMonths)} term; change it if the certificate says otherwise.`
                  : 'As written on the certificate.'
            }
          >
            <input
              id="cf-expires"
              type="date"
              min={DATE_MIN}
              max={latestExpiry(type, issuedOn) || DATE_MAX}
              {...form.register('expiresOn', { onChange: () => { expiryTyped.current = true } })}
              aria-invalid={!!errors.expiresOn || undefined}
              aria-describedby={describedBy('cf-expires', { hint: true, error: errors.expiresOn })}
            />
          </Field>
        </div>
        {type && type.ratings.length > 0 ? (
          <Field id="cf-rating" label="EPC rating" error={errors.epcRating?.message} hint={`A property must be rated ${type.minRating || 'E'} or better to be let.`}>
            <select id="cf-rating" {...form.register('epcRating')} aria-invalid={!!errors.epcRating || undefined}
              aria-describedby={describedBy('cf-rating', { hint: true, error: errors.epcRating })}>
              <option value="">Choose the rating</option>
              {type.ratings.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </Field>
        ) : null}
        {type && OUTCOME_TYPES.includes(type.id) ? (
          <Field id="cf-outcome" label="Outcome (optional)" error={errors.outcome?.message}
            hint="An unsatisfactory report opens a repair in Maintenance with the deadline for the work it lists.">
            <select id="cf-outcome" {...form.register('outcome')} aria-invalid={!!errors.outcome || undefined}
              aria-describedby={describedBy('cf-outcome', { hint: true, error: errors.outcome })}>
              <option value="">Not recorded</option>
              <option value="satisfactory">Satisfactory</option>
              <option value="unsatisfactory">Unsatisfactory: work is needed</option>
            </select>
          </Field>
        ) : null}
        <Field id="cf-notes" label="Notes (optional)" error={errors.notes?.message}>
          <textarea id="cf-notes" rows={3} maxLength={2000} {...form.register('notes')} aria-invalid={!!errors.notes || undefined}
            aria-describedby={describedBy('cf-notes', { error: errors.notes })} />
        </Field>

        <fieldset className="docs-files-field">
          <legend>Files</legend>
          <p className="docs-muted">PDF, JPEG or PNG, up to 10 MB each. On a phone you can photograph the paper certificate.</p>
          {editing && editing.files.length > 0 ? (
            <ul className="docs-chosen" aria-label="Files already saved">
              {editing.files.map((f) => (
                <li key={f.id} className="docs-chosen__item">
                  <FileText size={18} aria-hidden="true" />
                  <span className="docs-chosen__text">
                    <a href={f.url} target="_blank" rel="noreferrer" className="docs-chosen__name">{f.filename}</a>
                    <span className="docs-muted">{formatSize(f.size)}</span>
                  </span>
                  <button type="button" className="icon-button docs-danger" aria-label={`Delete ${f.filename}`} onClick={() => { delFile.reset(); setDoomedFile(f) }}>
                    <Trash2 size={18} aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="docs-pickers">
            <label className="button button--outline docs-picker-button">
              <FolderOpen size={18} aria-hidden="true" />
              Choose files
              <input
                type="file"
                multiple
                accept={FILE_ACCEPT}
                className="visually-hidden"
                onChange={(e) => {
                  add(e.target.files)
                  e.target.value = ''
                }}
              />
            </label>
            <label className="button button--outline docs-picker-button">
              <Camera size={18} aria-hidden="true" />
              Take a photo
              <input
                type="file"
                accept="image/jpeg,image/png"
                capture="environment"
                className="visually-hidden"
                onChange={(e) => {
                  add(e.target.files)
                  e.target.value = ''
                }}
              />
            </label>
          </div>
          {pending.length > 0 ? (
            <ul className="docs-chosen" aria-label="Files to upload">
              {pending.map((f) => (
                <li key={f.key} className={f.problem || f.state === 'failed' ? 'docs-chosen__item docs-chosen__item--bad' : 'docs-chosen__item'}>
                  <FileText size={18} aria-hidden="true" />
                  <span className="docs-chosen__text">
                    <span className="docs-chosen__name">{f.file.name}</span>
                    <span className="docs-muted">{formatSize(f.file.size)}</span>
                  </span>
                  {f.state === 'uploading' ? (
                    <progress max={1} value={f.progress} aria-label={`Uploading ${f.file.name}`} />
                  ) : f.state === 'done' ? (
                    <span className="docs-green">Uploaded</span>
                  ) : (
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={`Remove ${f.file.name}`}
                      disabled={busy}
                      onClick={() => setFiles((fs) => fs.filter((x) => x.key !== f.key))}
                    >
                      <X size={18} aria-hidden="true" />
                    </button>
                  )}
                  {f.problem || f.error ? <span className="field-error docs-chosen__error">{f.problem || f.error}</span> : null}
                </li>
              ))}
            </ul>
          ) : null}
        </fieldset>

        <div className="docs-actions">
          <Link className="button button--outline" to={back}>
            Cancel
          </Link>
          <button type="submit" className="button" disabled={busy} aria-busy={busy}>
            {busy ? <ButtonSpinner /> : null}
            {editing ? 'Save changes' : replacing ? 'Replace certificate' : 'Save certificate'}
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={!!doomedFile}
        confirmLabel="Delete"
        danger
        busy={delFile.isPending}
        onCancel={() => setDoomedFile(null)}
        onConfirm={() => doomedFile && editing && delFile.mutate({ id: editing.id, fileId: doomedFile.id })}
      >
        <p className="confirm__text">{MSG.deleteFile}</p>
        <p>{doomedFile?.filename}</p>
        {delFile.isError ? <FormMessage kind="error">{errorMessage(delFile.error)}</FormMessage> : null}
      </ConfirmDialog>
    </section>
  )
}

function termWords(months: number): string {
  if (months % 12 === 0) {
    const y = months / 12
    return y === 1 ? '12-month' : `${y}-year`
  }
  return `${months}-month`
}
