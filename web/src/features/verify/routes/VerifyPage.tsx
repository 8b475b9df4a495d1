// /verify, public: anyone holding a signed OmniRent document can check it is
// genuine and unaltered, by uploading the PDF or by typing the document id
// and hash printed on its audit page. The address may carry both
// (?documentId=...&hash=...), which checks them at once.
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useSearchParams } from 'react-router'
import { FileCheck2, ShieldAlert, ShieldCheck } from 'lucide-react'
import { ButtonSpinner, describedBy, Field, FormMessage } from '../../../components/Form'
import { errorMessage } from '../../../lib/errors'
import { useVerifyFile, type Verification } from '../api/verifyFile'
import { useVerifyHash } from '../api/verifyHash'
import { ukDateTime } from '../../../lib/ukDay'
import '../verify.css'

// ---- Exact texts (spec) ----
export const PAGE_TITLE = 'Verify a signed document'
export const GENUINE = 'This is a genuine, unaltered document'

// ---- Texts the specification leaves open ----
export const NO_FILE = 'No File Chosen'
export const CHOOSE_PDF = 'Please choose the PDF to check'
export const ENTER_ID = 'Please enter the document reference'
export const ENTER_HASH = 'Please enter the document hash'

const METHODS: Record<string, string> = { draw: 'drawn', type: 'typed', upload: 'uploaded' }

// Times in UK time with the zone named (ukDateTime), whatever the
// browser's time zone: the audit page's times are the server's UK ones.
function formatDateTime(iso: string | null | undefined): string {
  return iso ? ukDateTime(iso) : ''
}

export default function VerifyPage() {
  const [params] = useSearchParams()
  const [verdict, setVerdict] = useState<Verification | null>(null)
  const [error, setError] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState('')
  const [documentId, setDocumentId] = useState(params.get('documentId') ?? '')
  const [hash, setHash] = useState(params.get('hash') ?? '')
  const [idErrors, setIdErrors] = useState<{ documentId?: string; hash?: string }>({})
  const resultRef = useRef<HTMLDivElement>(null)

  const done = { onSuccess: (v: Verification) => setVerdict(v), onError: (e: Error) => setError(errorMessage(e)) }
  const byFile = useVerifyFile(done)
  const byHash = useVerifyHash(done)
  const busy = byFile.isPending || byHash.isPending

  // A new verdict or error is announced and focused, so a phone scrolls to it.
  useEffect(() => {
    if (verdict || error) resultRef.current?.focus()
  }, [verdict, error])

  // A link carrying the id and the hash checks them once.
  const asked = useRef(false)
  const { mutate: checkHash } = byHash
  useEffect(() => {
    if (asked.current) return
    asked.current = true
    const id = params.get('documentId')?.trim()
    const h = params.get('hash')?.trim()
    if (id && h) checkHash({ documentId: id, hash: h })
  }, [params, checkHash])

  function start() {
    setVerdict(null)
    setError('')
  }

  function submitFile(e: FormEvent) {
    e.preventDefault()
    if (busy) return
    if (!file) {
      setFileError(CHOOSE_PDF)
      return
    }
    setFileError('')
    start()
    byFile.mutate(file)
  }

  function submitHash(e: FormEvent) {
    e.preventDefault()
    if (busy) return
    const id = documentId.trim()
    const h = hash.trim()
    const errs = { documentId: id ? undefined : ENTER_ID, hash: h ? undefined : ENTER_HASH }
    setIdErrors(errs)
    if (errs.documentId || errs.hash) return
    start()
    byHash.mutate({ documentId: id, hash: h })
  }

  return (
    <div className="verify">
      <header className="verify__head">
        <FileCheck2 aria-hidden size={40} className="verify__icon" />
        <h1>{PAGE_TITLE}</h1>
        <p className="verify__lead">
          Check that a document signed with OmniRent (a tenancy agreement, an inventory report) or sealed by OmniRent (a repair’s history, a deposit’s evidence pack) is genuine and has not been changed since.
        </p>
      </header>

      <div className="verify__ways">
        <form className="verify__card" onSubmit={submitFile} noValidate aria-labelledby="verify-file-title">
          <h2 id="verify-file-title">Upload the PDF</h2>
          <div className={fileError ? 'field field--invalid' : 'field'}>
            <input
              id="verify-file"
              type="file"
              accept="application/pdf,.pdf"
              className="visually-hidden verify__file"
              aria-invalid={fileError ? true : undefined}
              aria-describedby={fileError ? 'verify-file-error' : undefined}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null)
                setFileError('')
              }}
            />
            <label htmlFor="verify-file" className="verify__file-label">
              <span className="button button--outline button--small verify__file-button">Choose PDF</span>
              <span className="verify__file-name">
                {file ? file.name : NO_FILE}
              </span>
            </label>
            {fileError ? (
              <p id="verify-file-error" className="field-error" role="alert">
                {fileError}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button verify__submit" disabled={busy} aria-busy={byFile.isPending || undefined}>
            {byFile.isPending ? <ButtonSpinner /> : null}
            Check the PDF
          </button>
        </form>

        <form className="verify__card" onSubmit={submitHash} noValidate aria-labelledby="verify-hash-title">
          <h2 id="verify-hash-title">Or type the document reference and hash</h2>
          <p className="verify__hint">Both are printed on the audit page at the end of the signed PDF.</p>
          <Field id="verify-id" label="Document reference" error={idErrors.documentId}>
            <input
              id="verify-id"
              type="text"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              className="verify__mono"
              placeholder="OR-7K3F-9QX2"
              value={documentId}
              aria-invalid={idErrors.documentId ? true : undefined}
              aria-describedby={describedBy('verify-id', { error: idErrors.documentId })}
              onChange={(e) => setDocumentId(e.target.value)}
            />
          </Field>
          <Field id="verify-hash" label="Document hash" error={idErrors.hash}>
            <input
              id="verify-hash"
              type="text"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              className="verify__mono"
              value={hash}
              aria-invalid={idErrors.hash ? true : undefined}
              aria-describedby={describedBy('verify-hash', { error: idErrors.hash })}
              onChange={(e) => setHash(e.target.value)}
            />
          </Field>
          <button type="submit" className="button verify__submit" disabled={busy} aria-busy={byHash.isPending || undefined}>
            {byHash.isPending ? <ButtonSpinner /> : null}
            Check the ID and hash
          </button>
        </form>
      </div>

      <div className="verify__result" ref={resultRef} tabIndex={-1} aria-live="polite">
        {error ? <FormMessage kind="error">{error}</FormMessage> : null}
        {verdict ? <Verdict v={verdict} /> : null}
      </div>
    </div>
  )
}

function Verdict({ v }: { v: Verification }) {
  if (!v.genuine) {
    return (
      <section className="verify__verdict verify__verdict--bad" aria-labelledby="verify-verdict">
        <ShieldAlert aria-hidden size={28} className="verify__verdict-icon" />
        <h2 id="verify-verdict">{v.message || 'This document could not be verified'}</h2>
      </section>
    )
  }
  return (
    <section className="verify__verdict verify__verdict--good" aria-labelledby="verify-verdict">
      <ShieldCheck aria-hidden size={28} className="verify__verdict-icon" />
      <h2 id="verify-verdict">{GENUINE}</h2>
      <dl className="verify__facts">
        {v.title ? (
          <>
            <dt>Title</dt>
            <dd>{v.title}</dd>
          </>
        ) : null}
        {v.documentId ? (
          <>
            <dt>Document reference</dt>
            <dd className="verify__mono">{v.documentId}</dd>
          </>
        ) : null}
        {v.completedAt ? (
          <>
            <dt>{v.sealed ? 'Sealed by OmniRent' : 'Completed'}</dt>
            <dd>{formatDateTime(v.completedAt)}</dd>
          </>
        ) : null}
      </dl>
      {v.sealed ? <p>{v.message}</p> : null}
      {v.signers && v.signers.length > 0 ? (
        <>
          <h3>Signed by</h3>
          <ul className="verify__signers">
            {v.signers.map((s, i) => (
              <li key={i}>
                <span className="verify__role">{s.role}</span>
                <strong>{s.name}</strong>
                <span>
                  Signed {formatDateTime(s.signedAt)}
                  {s.method ? ` (${METHODS[s.method] ?? s.method})` : ''}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  )
}
