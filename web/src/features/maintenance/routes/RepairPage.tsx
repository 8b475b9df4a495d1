// /maintenance/:id (issue 44): one repair, for its landlord or a tenant of its
// home. Both see the same clock (the deadlines), the history and the
// messages; each side gets the changes the state machine allows them.
import { Fragment, useEffect, useState } from 'react'
import { Link, useLocation, useNavigate, useParams } from 'react-router'
import { AlertTriangle, ArrowLeft, Phone } from 'lucide-react'
import { FormMessage } from '../../../components/Form'
import { Spinner } from '../../../components/Spinner'
import { errorMessage } from '../../../lib/errors'
import { useRepair, type Repair } from '../api/repairs'
import { Clock } from '../components/Clock'
import { History } from '../components/History'
import { MessageForm, NoticeForm, StatusChange } from '../components/Changes'
import { Evidence, HistoryDownload } from '../components/Evidence'
import { VisitPanel } from '../components/VisitPanel'
import { priorityText, ukDateTime } from '../format'
import '../../../app/shell/pages.css'
import '../maintenance.css'

export default function RepairPage() {
  const { id = '' } = useParams()
  const q = useRepair(id)
  const location = useLocation()
  const navigate = useNavigate()
  // "Your report was sent" is said once: a reload or a later visit does not repeat it.
  const [reported] = useState(() => !!(location.state as { reported?: boolean } | null)?.reported)
  // The files refused after the report was recorded (the report stands).
  const [failed] = useState<string[]>(() => (location.state as { failed?: string[] } | null)?.failed ?? [])
  useEffect(() => {
    if (reported) void navigate(location.pathname, { replace: true, state: null })
  }, [reported, navigate, location.pathname])
  return (
    <div className="page rp">
      <Link className="rp-back" to="/maintenance"><ArrowLeft aria-hidden size={18} /> Maintenance</Link>
      {q.isPending ? <div className="page-loading"><Spinner /></div> : null}
      {q.isError ? <FormMessage kind="error">{errorMessage(q.error)}</FormMessage> : null}
      {q.data ? <RepairBody repair={q.data} reported={reported} failed={failed} /> : null}
    </div>
  )
}

function RepairBody({ repair: r, reported, failed }: { repair: Repair; reported: boolean; failed: string[] }) {
  const landlord = r.viewer === 'landlord'
  const messages = r.history.filter((e) => e.kind === 'message' || e.kind === 'photo' || e.kind === 'video')
  const photoOf = (name: unknown) => r.photos.find((p) => p.name === name)
  const videoOf = (name: unknown) => r.videos.find((v) => v.name === name)
  return (
    <>
      <h1 className="page__title">{r.categoryName}{r.room ? `: ${r.room}` : ''}</h1>
      <p className="rp-meta">
        <span className="rp-status">{r.statusText}</span>
        <span className={`rp-badge rp-badge--${r.priority}`}>{priorityText[r.priority] ?? r.priority}</span>
        {r.repeats > 0 ? <span className="rp-muted rp-small">Repeat repair ({r.repeats})</span> : null}
      </p>
      <p className="rp-muted">{r.address}</p>
      {reported && landlord ? (
        <FormMessage kind="success">
          The repair was logged. Its clocks count from when you were told: {ukDateTime(r.awareAt)}.
        </FormMessage>
      ) : reported ? (
        <FormMessage kind="success">
          Your report was sent{r.suggestedPriority === 'emergency' ? ' as an emergency' : ''}. Your landlord was told at {ukDateTime(r.awareAt)}.
        </FormMessage>
      ) : null}
      {failed.length > 0 ? (
        <FormMessage kind="error">
          {landlord ? 'The repair was logged' : 'Your report was recorded'}, but {failed.length === 1 ? 'one file was' : `${failed.length} files were`} not added.
          You can add {failed.length === 1 ? 'it' : 'them'} again under Photos and videos below.
          <ul>{failed.map((f) => <li key={f}>{f}</li>)}</ul>
        </FormMessage>
      ) : null}
      <HistoryDownload repair={r} />

      {!landlord && r.open && r.safety.length > 0 ? (
        <div className="rp-safety" role="note" aria-labelledby="rp-safety-title">
          <h2 id="rp-safety-title" className="rp-safety__title"><AlertTriangle aria-hidden size={22} /> Safety first</h2>
          {r.safety.map((a) => (
            <div key={a.id} className="rp-safety__advice">
              <h3>{a.title}</h3>
              <ol>{a.steps.map((s) => <li key={s}>{s}</li>)}</ol>
              {a.line ? (
                <p className="rp-safety__line">
                  <Phone aria-hidden size={18} /> {a.line.name}: <a href={`tel:${a.line.number.replace(/\s+/g, '')}`}><strong>{a.line.number}</strong></a>
                </p>
              ) : null}
            </div>
          ))}
        </div>
      ) : null}

      <div className="rp-grid">
        <div className="rp-main">
          <section className="panel rp-panel" aria-labelledby="rp-clock-title">
            <h2 id="rp-clock-title" className="rp-h2">Deadlines</h2>
            <p className="rp-small rp-muted">
              Both sides see the same clock, counted from when the landlord was made aware: {ukDateTime(r.awareAt)}.
            </p>
            <Clock deadlines={r.deadlines} />
            {landlord ? <NoticeForm repair={r} /> : null}
          </section>

          <section className="panel rp-panel" aria-labelledby="rp-do-title">
            <h2 id="rp-do-title" className="rp-h2">{landlord ? 'Triage and status' : 'Status'}</h2>
            <StatusChange key={r.status} repair={r} />
          </section>

          <section className="panel rp-panel" aria-labelledby="rp-visit-title">
            <h2 id="rp-visit-title" className="rp-h2">Contractor and visit</h2>
            <VisitPanel repair={r} />
          </section>

          <section className="panel rp-panel" aria-labelledby="rp-messages-title">
            <h2 id="rp-messages-title" className="rp-h2">Messages</h2>
            {messages.length === 0 ? (
              <p className="rp-muted">No messages yet.</p>
            ) : (
              <ul className="rp-messages">
                {messages.map((m) => (
                  <li key={m.seq} className={m.role === r.viewer ? 'rp-msg rp-msg--mine' : 'rp-msg'}>
                    <p className="rp-small rp-muted">{m.name} · <time dateTime={m.at}>{ukDateTime(m.at)}</time></p>
                    {m.kind === 'video' ? (
                      videoOf(m.data.file) ? (
                        <video className="rp-msg__photo" controls preload="metadata" playsInline src={videoOf(m.data.file)?.url}
                          aria-label={`Video added by ${m.name}`} />
                      ) : <p className="rp-msg__body">{m.text}</p>
                    ) : m.kind === 'photo' ? (
                      photoOf(m.data.photo) ? (
                        <a className="rp-msg__photo" href={photoOf(m.data.photo)?.url} target="_blank" rel="noreferrer">
                          <img src={photoOf(m.data.photo)?.thumbUrl} alt={`Photo added by ${m.name}`} loading="lazy" />
                        </a>
                      ) : <p className="rp-msg__body">{m.text}</p>
                    ) : <p className="rp-msg__body">{m.body}</p>}
                  </li>
                ))}
              </ul>
            )}
            <MessageForm repair={r} />
          </section>

          <Evidence repair={r} />
        </div>

        <div className="rp-side">
          <section className="panel rp-panel" aria-labelledby="rp-details-title">
            <h2 id="rp-details-title" className="rp-h2">The report</h2>
            <dl className="rp-dl">
              <dt>Reported by</dt>
              <dd>{r.reporterName}{r.reporterRole === 'landlord' ? ` (logged: ${r.channelText})` : ''}</dd>
              <dt>Landlord made aware</dt>
              <dd>{ukDateTime(r.awareAt)}</dd>
              {r.answers.map((a) => (
                <Fragment key={a.question}>
                  <dt>{a.question}</dt>
                  <dd>{a.answer}</dd>
                </Fragment>
              ))}
              <dt>Description</dt>
              <dd className="rp-pre">{r.description}</dd>
              {r.availability ? (<><dt>Availability</dt><dd>{r.availability}</dd></>) : null}
              <dt>Entry when out</dt>
              <dd>{r.entryWhenOut ? 'A contractor may come in when the tenant is out' : 'Only when the tenant is in'}</dd>
              {r.vulnerability.length > 0 ? (<><dt>Vulnerable</dt><dd>{r.vulnerability.map((v) => v.text).join(', ')}</dd></>) : null}
              {r.hazards.length > 0 ? (<><dt>Hazards</dt><dd>{r.hazards.map((h) => h.text).join(', ')}</dd></>) : null}
              {r.channelNote ? (<><dt>Original message</dt><dd className="rp-pre">{r.channelNote}</dd></>) : null}
            </dl>
          </section>

          <section className="panel rp-panel" aria-labelledby="rp-history-title">
            <h2 id="rp-history-title" className="rp-h2">History</h2>
            <p className="rp-small rp-muted">Every step is added here and never changed.</p>
            <History repair={r} />
          </section>
        </div>
      </div>
    </>
  )
}
