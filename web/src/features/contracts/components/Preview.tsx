// The generated agreement (spec 2, "Preview and signing", the preview part):
// a cover page, the contents, the numbered sections and the signature area,
// drawn from the server's document model, the same model the PDF will use.
// The landlord edits a section's wording in place; tenants and read-only
// viewers get no edit buttons. A finished draft offers the landlord 'Sign and
// Send'; a sent agreement shows where its signing stands above the document,
// and 'Sign' to the reader whose turn it is.
import { useState } from 'react'
import { Link } from 'react-router'
import { PenLine, Pencil, TriangleAlert } from 'lucide-react'
import { ButtonSpinner, FormMessage } from '../../../components/Form'
import { RichEditor, type RichOps } from '../../../components/RichEditor'
import { Spinner } from '../../../components/Spinner'
import { errorMessage } from '../../../lib/errors'
import { useContractDocument } from '../api/contractDocument'
import { useEditSection } from '../api/editSection'
import { DepositReceived } from './DepositReceived'
import { formatDate } from '../format'
import { useSigning } from '../api/signing'
import type { RichText } from '../api/types'
import { blocksToOps, sectionAnchor, type Block, type Section } from '../document'
import { SigningStatus } from './SigningStatus'
import { ACK_NEEDED, CHANGE_NEEDED, FLAGGED, NOT_ALLOWED, SectionTermFlags, TENANT_NOTE } from './TermFlags'
import type { TermFlag } from '../api/termFlags'
import '../signing.css'

/** blockText is a paragraph's text, as the server names a flagged term. */
const blockText = (b: Block) => b.runs.map((r) => r.text).join('').trim()

/** FlagMark sits beside a flagged paragraph: "Not allowed by law" when it must be reworded or removed. */
function FlagMark({ b, flagged }: { b: Block; flagged?: Map<string, boolean> }) {
  const t = blockText(b)
  if (!flagged?.has(t)) return null
  return <span className="agr__flag-mark"><TriangleAlert size={14} aria-hidden="true" />{flagged.get(t) ? NOT_ALLOWED : FLAGGED}</span>
}

/** flagged maps each paragraph the checker flags to whether it must change. */
function Blocks({ blocks, flagged }: { blocks: Block[]; flagged?: Map<string, boolean> }) {
  const cls = (b: Block) => (flagged?.has(blockText(b)) ? 'agr__flagged' : undefined)
  const out: React.ReactNode[] = []
  let list: { kind: string; items: Block[] } | null = null
  const flush = () => {
    if (!list) return
    const Tag = list.kind === 'ordered' ? 'ol' : 'ul'
    out.push(
      <Tag key={`l${out.length}`}>
        {list.items.map((b, i) => <li key={i} className={cls(b)} style={b.align ? { textAlign: b.align as never } : undefined}><Runs b={b} /><FlagMark b={b} flagged={flagged} /></li>)}
      </Tag>,
    )
    list = null
  }
  blocks.forEach((b, i) => {
    if (b.kind === 'ordered' || b.kind === 'bullet') {
      if (list && list.kind !== b.kind) flush()
      list = list ?? { kind: b.kind, items: [] }
      list.items.push(b)
      return
    }
    flush()
    out.push(<p key={i} className={cls(b)} style={b.align ? { textAlign: b.align as never } : undefined}><Runs b={b} /><FlagMark b={b} flagged={flagged} /></p>)
  })
  flush()
  return <>{out}</>
}

function Runs({ b }: { b: Block }) {
  return (
    <>
      {b.runs.map((r, i) => {
        let n: React.ReactNode = r.text
        if (r.bold) n = <strong>{n}</strong>
        if (r.italic) n = <em>{n}</em>
        if (r.underline) n = <u>{n}</u>
        return <span key={i} style={r.size ? { fontSize: r.size } : undefined}>{n}</span>
      })}
    </>
  )
}

function SectionView({ contractId, s, editable, flags }: { contractId: string; s: Section; editable: boolean; flags: TermFlag[] }) {
  const [editing, setEditing] = useState(false)
  const [text, setText] = useState<RichOps>({ ops: [] })
  const [error, setError] = useState('')
  const edit = useEditSection(contractId)
  const titleId = `${sectionAnchor(s.id)}-title`

  function saveText(t: RichOps) {
    setError('')
    edit.mutate({ section: s.id, text: t as RichText }, { onSuccess: () => setEditing(false), onError: (e) => setError(errorMessage(e)) })
  }

  return (
    <section className="agr__section" id={sectionAnchor(s.id)} aria-labelledby={titleId}>
      <div className="agr__section-head">
        <h3 id={titleId}>
          {s.number}. {s.title}
        </h3>
        {editable && !editing ? (
          <button type="button" className="button button--outline button--small" onClick={() => { setText(blocksToOps(s.blocks)); setEditing(true) }}>
            <Pencil size={16} aria-hidden="true" /> Edit<span className="visually-hidden"> {s.title}</span>
          </button>
        ) : null}
      </div>
      {s.edited ? <p className="agr__badge">Edited by the landlord</p> : null}
      {s.stale && editable ? (
        <p className="cw-warning" role="note">The answers changed after this section was edited. Check that your wording still matches them.</p>
      ) : null}
      {editing ? (
        <div className="agr__editor">
          <p id={`${titleId}-edit`} className="visually-hidden">Edit {s.title}</p>
          <RichEditor id={`${sectionAnchor(s.id)}-editor`} labelledBy={`${titleId}-edit`} initial={text} onChange={setText} />
          <FormMessage kind="error">{error}</FormMessage>
          <div className="cw__actions">
            {s.edited ? (
              <button type="button" className="link-button" disabled={edit.isPending} onClick={() => saveText({ ops: [] })}>
                Use the generated text
              </button>
            ) : null}
            <button type="button" className="button button--outline" disabled={edit.isPending} onClick={() => setEditing(false)}>
              Cancel
            </button>
            <button type="button" className="button" disabled={edit.isPending} aria-busy={edit.isPending} onClick={() => saveText(text)}>
              {edit.isPending ? <ButtonSpinner /> : null}
              Save section
            </button>
          </div>
        </div>
      ) : (
        <div className="agr__body">
          <Blocks blocks={s.blocks} flagged={new Map(flags.map((f) => [f.term, f.mustChange]))} />
          <SectionTermFlags contractId={contractId} flags={flags} canAcknowledge={editable} />
        </div>
      )}
    </section>
  )
}

type PreviewProps = {
  contractId: string
  onEditAnswers?: () => void
  /** onSign opens the sign screen (the landlord's 'Sign and Send', a signer's 'Sign'). */
  onSign?: () => void
}

export function Preview({ contractId, onEditAnswers, onSign }: PreviewProps) {
  const q = useContractDocument(contractId)
  const sent = !!q.data && q.data.contract.status !== 'Draft'
  const signing = useSigning(contractId, sent)
  if (q.isPending) return <div className="page-loading"><Spinner /></div>
  if (q.isError) return <FormMessage kind="error">{errorMessage(q.error)}</FormMessage>
  const { document: d, contract: c, certificateWarnings = [], certificates = [] } = q.data
  const termFlags = q.data.termFlags ?? []
  const open = termFlags.filter((f) => !f.acknowledged).length
  // Terms the law prohibits outright must be reworded or removed; the others acknowledged.
  const mustChange = termFlags.filter((f) => f.mustChange).length
  const toAcknowledge = open - mustChange
  const editable = c.editable
  const parts = ['A', 'B', 'C']
  const signLabel = !onSign
    ? ''
    : c.status === 'Draft'
      ? c.mine && c.step === 'finished' && !open ? 'Sign and Send' : ''
      : signing.data?.canSign ? 'Sign' : ''
  const signButton = signLabel ? (
    <button type="button" className="button" onClick={onSign}>
      <PenLine aria-hidden size={18} />
      {signLabel}
    </button>
  ) : null
  // A party whose turn it is opens on the agreement and the Sign button;
  // where the signing stands follows the agreement (issue 27).
  const partySigns = sent && signLabel === 'Sign'
  return (
    <article className="agr" aria-label="Tenancy agreement preview">
      {partySigns ? (
        <div className="panel agr__sign-first">
          <p>This agreement is waiting for your signature. Read it, then sign.</p>
          {signButton}
        </div>
      ) : null}
      {sent && !partySigns ? <SigningStatus contractId={c.id} /> : null}
      <div className="cw-warning agr__disclaimer" role="note">
        <strong>Not legal advice.</strong> {d.disclaimer}
      </div>
      {termFlags.length && (!editable || open) ? (
        <div className="tf__box" role="note">
          {editable ? (
            <>
              {mustChange ? <p className="tf__head"><TriangleAlert size={18} aria-hidden="true" /> {CHANGE_NEEDED(mustChange)}</p> : null}
              {mustChange ? (
                <ul className="tf__list tf__list--must">
                  {termFlags.filter((f) => f.mustChange).map((f) => (
                    <li key={f.term}><a href={`#${sectionAnchor(f.section)}`} className="tf__term">“{f.term}”</a></li>
                  ))}
                </ul>
              ) : null}
              {toAcknowledge ? <p className="tf__head"><TriangleAlert size={18} aria-hidden="true" /> {ACK_NEEDED(toAcknowledge)}</p> : null}
              {toAcknowledge ? (
                <ul className="tf__list">
                  {termFlags.filter((f) => !f.mustChange && !f.acknowledged).map((f) => (
                    <li key={f.term}><a href={`#${sectionAnchor(f.section)}`} className="tf__term">“{f.term}”</a></li>
                  ))}
                </ul>
              ) : null}
            </>
          ) : (
            <>
              <p className="tf__head"><TriangleAlert size={18} aria-hidden="true" /> {TENANT_NOTE(termFlags.length)}</p>
              <ul className="tf__list">
                {termFlags.map((f) => (
                  <li key={f.term}><a href={`#${sectionAnchor(f.section)}`} className="tf__term">“{f.term}”</a></li>
                ))}
              </ul>
            </>
          )}
        </div>
      ) : null}
      {c.status === 'Draft' && c.mine && c.step === 'finished' && certificateWarnings.length ? (
        <div className="cw-warning agr__certs" role="note" aria-labelledby="agr-certs-title">
          <strong id="agr-certs-title">Check the property's certificates before you send.</strong>
          <ul>{certificateWarnings.map((w) => <li key={w}>{w}</li>)}</ul>
          <p>The tenant receives copies of the gas safety record, EICR and EPC with the signed agreement. <a href="/documents">Go to Documents</a></p>
        </div>
      ) : null}
      {sent && certificates.length ? (
        <section className="cw-note agr__copies" aria-labelledby="agr-copies-title">
          <p id="agr-copies-title"><strong>The property's certificates</strong></p>
          <ul>
            {certificates.map((f) => (
              <li key={f.url}><a href={f.url} download={f.filename}>{f.name}</a>{f.expiresOn ? ` (valid until ${formatDate(f.expiresOn)})` : ''}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {c.mine && c.answers?.deposit?.kind === 'standard' && (c.status !== 'Draft' || c.step === 'finished') ? (
        <DepositReceived contractId={c.id} value={c.depositReceivedOn} />
      ) : null}
      {c.mine && (c.status === 'COMPLETED' || c.status === 'ADS') ? (
        <p className="cw-note">
          After signing: <Link to={`/notices?tenancy=${encodeURIComponent(c.id)}`}>propose a rent increase, or see a tenant's notice</Link>.
        </p>
      ) : null}
      {c.mine && c.answers?.deposit?.kind === 'standard' && (c.status === 'COMPLETED' || c.status === 'ADS') ? (
        <p className="cw-note">
          The deposit: <Link to={`/deposits?tenancy=${encodeURIComponent(c.id)}`}>record its protection and the prescribed information</Link>.
        </p>
      ) : null}
      {(editable && onEditAnswers) || (signButton && !partySigns) ? (
        <div className="cw__actions cw__actions--start agr__sign-actions">
          {editable && onEditAnswers ? (
            <button type="button" className="button button--outline" onClick={onEditAnswers}>Change answers</button>
          ) : null}
          {signButton}
        </div>
      ) : null}
      <section className="agr__page agr__cover" id={sectionAnchor('cover')} aria-labelledby="doc-title">
        <h2 id="doc-title">{d.title}</h2>
        <p className="agr__subtitle">{d.subtitle}</p>
        <dl className="agr__facts">
          <dt>Property</dt><dd>{d.cover.propertyAddress}</dd>
          <dt>Landlord</dt><dd>{d.cover.landlord}</dd>
          <dt>{(d.cover.tenants ?? []).length > 1 ? 'Tenants' : 'Tenant'}</dt><dd>{(d.cover.tenants ?? []).join(', ')}</dd>
          {d.cover.guarantor ? <><dt>Guarantor</dt><dd>{d.cover.guarantor}</dd></> : null}
          <dt>Start date</dt><dd>{d.cover.startDate}</dd>
          <dt>Rent</dt><dd>{d.cover.rent}</dd>
        </dl>
        <p className="cw-muted agr__version">{d.edition ? `Clauses for ${d.edition}` : ''}</p>
      </section>
      <nav className="agr__page agr__contents" id={sectionAnchor('contents')} aria-labelledby="doc-contents">
        <h2 id="doc-contents">Contents</h2>
        {parts.map((part) => (
          <div key={part}>
            <h3>Part {part}</h3>
            <ol>
              {d.sections.filter((s) => s.part === part).map((s) => (
                <li key={s.id} value={s.number}><a href={`#${sectionAnchor(s.id)}`}>{s.title}</a></li>
              ))}
            </ol>
          </div>
        ))}
      </nav>
      {parts.map((part) => (
        <div key={part} className="agr__page">
          <h2 className="agr__part">Part {part}</h2>
          {d.sections.filter((s) => s.part === part).map((s) => <SectionView key={s.id} contractId={c.id} s={s} editable={editable} flags={termFlags.filter((f) => f.section === s.id)} />)}
        </div>
      ))}
      <section className="agr__page agr__signatures" id={sectionAnchor('signatures')} aria-labelledby="doc-signatures">
        <h2 id="doc-signatures">Signatures</h2>
        <ul>
          {d.signatures.map((s, i) => (
            <li key={i}><span className="cw-muted">{s.role}</span><strong>{s.name}</strong><span className="agr__sign-line" aria-hidden="true" /></li>
          ))}
        </ul>
      </section>
      {signButton ? <div className="agr__sign-actions">{signButton}</div> : null}
      {partySigns ? <SigningStatus contractId={c.id} /> : null}
    </article>
  )
}
