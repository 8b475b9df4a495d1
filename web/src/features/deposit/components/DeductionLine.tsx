// One deduction: the item's condition and photos at check-in and at
// check-out side by side, the reason, the cost and what the tenants are
// charged after apportionment (with the arithmetic), the quote, and the
// answers. A tenant answers for themselves: agree, or dispute with a
// comment and photos (sent one by one once the dispute is; a refused photo
// is said beside the field, the comment kept); an answer to a version the
// landlord has since changed is refused and the page shows the new one.
// Each tenant's photos show beside their comment, for the landlord too.
import { useRef, useState, type FormEvent } from 'react'
import { ButtonSpinner, FormMessage } from '../../../components/Form'
import { errorCode, errorFields, errorMessage } from '../../../lib/errors'
import { useAddAnswerPhoto, useAddQuote, useAnswerDeduction, useRemoveAnswerPhoto, type Deduction } from '../api/deposit'
import { DisputePhotoField, PhotoThumbs } from './DisputePhotos'

type Photos = Deduction['evidence']['inPhotos']

function Side({ title, text, photos }: { title: string; text: string; photos: Photos }) {
  return (
    <div className="dd-side">
      <h5 className="dd-side__title">{title}</h5>
      <p>{text}</p>
      {photos.length ? (
        <div className="dd-photos">
          {photos.map((p) => (
            <a key={p.url} href={p.url} target="_blank" rel="noreferrer"><img src={p.thumbUrl || p.url} alt={`${title} photo`} loading="lazy" /></a>
          ))}
        </div>
      ) : null}
    </div>
  )
}

function Answer({ line }: { line: Deduction }) {
  const [disputing, setDisputing] = useState(false)
  const [comment, setComment] = useState('')
  const [picked, setPicked] = useState<File[]>([])
  const [problems, setProblems] = useState<string[]>([])
  const [sending, setSending] = useState(false)
  const answer = useAnswerDeduction(line.id)
  const addPhoto = useAddAnswerPhoto(line.id)
  const removePhoto = useRemoveAnswerPhoto(line.id, { onError: (err) => setProblems([errorMessage(err)]) })
  const fields = answer.isError ? errorFields(answer.error) : {}
  const myPhotos = line.myPhotos ?? []
  const agree = () => answer.mutate({ revision: line.revision, answer: 'agree', comment: '' }, { onSuccess: () => setDisputing(false) })
  const open = () => {
    if (!comment && line.myAnswer?.answer === 'dispute') setComment(line.myAnswer.comment)
    setDisputing(true)
  }
  // The dispute first, then each photo: a photo refused is said beside the field, the rest kept.
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setSending(true)
    setProblems([])
    try {
      await answer.mutateAsync({ revision: line.revision, answer: 'dispute', comment })
    } catch {
      setSending(false)
      return
    }
    const failed: string[] = []
    for (const f of picked) {
      try {
        await addPhoto.mutateAsync(f)
      } catch (err) {
        failed.push(`${f.name}: ${errorMessage(err)}`)
      }
    }
    setPicked([])
    setProblems(failed)
    setSending(false)
    if (!failed.length) setDisputing(false)
  }
  const id = `dd-${line.id}-comment`
  return (
    <div className="dd-answer">
      {line.myAnswer ? (
        <p className="dd-mine"><strong>Your answer:</strong> {line.myAnswer.answer === 'agree' ? 'you agree' : `you dispute it: “${line.myAnswer.comment}”`}</p>
      ) : null}
      {!disputing && line.myAnswer?.answer === 'dispute' ? <PhotoThumbs photos={line.myAnswer.photos ?? []} who="you" /> : null}
      {answer.isError && errorCode(answer.error) === 'changed' ? <FormMessage kind="error">{errorMessage(answer.error)}</FormMessage> : null}
      {disputing ? (
        <form onSubmit={submit} noValidate aria-label={`Dispute ${line.item}`} className="dp-form">
          <label htmlFor={id} className="dp-label">Why you dispute it</label>
          <textarea id={id} value={comment} rows={3} maxLength={1000} onChange={(e) => setComment(e.target.value)}
            aria-invalid={fields.comment ? true : undefined} aria-describedby={fields.comment ? `${id}-error` : undefined} />
          {fields.comment ? <p id={`${id}-error`} className="field-error">{fields.comment}</p> : null}
          <DisputePhotoField sent={myPhotos} onRemoveSent={(p) => removePhoto.mutate(p)} removing={removePhoto.isPending}
            picked={picked} onPick={setPicked} problems={problems} onProblems={setProblems} disabled={sending} />
          <div className="dd-buttons">
            <button type="submit" className="button" disabled={sending}>{sending ? <ButtonSpinner /> : null}Send my dispute</button>
            <button type="button" className="button button--outline" onClick={() => { setDisputing(false); setPicked([]); setProblems([]) }}>Cancel</button>
          </div>
        </form>
      ) : (
        <>
          <div className="dd-buttons">
            <button type="button" className="button" disabled={answer.isPending} onClick={agree}>
              {line.myAnswer?.answer === 'agree' ? 'Agreed' : 'I agree'}
            </button>
            <button type="button" className="button button--outline" disabled={answer.isPending} onClick={open}>
              {line.myAnswer?.answer === 'dispute' ? 'Change my dispute or photos' : 'I dispute this'}
            </button>
          </div>
          {myPhotos.length ? <p className="dp-muted dp-small">Agreeing removes your photos from this deduction.</p> : null}
        </>
      )}
      {answer.isError && errorCode(answer.error) !== 'changed' && !fields.comment ? <FormMessage kind="error">{errorMessage(answer.error)}</FormMessage> : null}
    </div>
  )
}

function Quote({ line }: { line: Deduction }) {
  const input = useRef<HTMLInputElement>(null)
  const add = useAddQuote(line.id, { onSuccess: () => { if (input.current) input.current.value = '' } })
  const id = `dd-${line.id}-quote`
  return (
    <div className="dp-upload">
      <label htmlFor={id} className="dp-label">{line.quoteUrl ? 'Replace the quote or invoice' : 'Add the quote or invoice'}
        <span className="dp-muted dp-small"> (PDF, JPEG or PNG)</span></label>
      <input id={id} ref={input} type="file" accept="application/pdf,image/jpeg,image/png" disabled={add.isPending}
        onChange={(e) => { const f = e.target.files?.[0]; if (f) add.mutate(f) }} />
      {add.isError ? <FormMessage kind="error">{errorMessage(add.error)}</FormMessage> : null}
    </div>
  )
}

export function DeductionLine({ line, role }: { line: Deduction; role: 'landlord' | 'tenant' }) {
  return (
    <article className={`dd-line dd-line--${line.state}`} aria-label={`${line.item}: ${line.reasonText}`}>
      <div className="dd-line__top">
        <h4 className="dd-line__title">{line.item}: {line.reasonText}</h4>
        <span className="dp-badge">{line.stateText}</span>
      </div>
      <div className="dd-sides">
        <Side title="At check-in" text={line.evidence.checkIn} photos={line.evidence.inPhotos} />
        <Side title="At check-out" text={line.evidence.checkOut} photos={line.evidence.outPhotos} />
      </div>
      {line.note ? <p>{line.note}</p> : null}
      <dl className="dp-fields">
        <div><dt>Cost</dt><dd>{line.costText}</dd></div>
        <div><dt>Charged to the tenants</dt><dd><strong>{line.chargeText}</strong></dd></div>
        <div><dt>How it is worked out</dt><dd>{line.arithmetic}</dd></div>
        <div><dt>Quote or invoice</dt><dd>{line.quoteUrl ? <a href={line.quoteUrl} target="_blank" rel="noreferrer">{line.quoteName}</a> : 'None added'}</dd></div>
      </dl>
      {line.answers.some((a) => a !== line.myAnswer && a.name !== line.myAnswer?.name) ? (
        <ul className="dd-answers">
          {line.answers.filter((a) => a.name !== line.myAnswer?.name).map((a) => (
            <li key={a.name}>
              {a.name}: {a.answer === 'agree' ? 'agrees' : `disputes it: “${a.comment}”`}
              <PhotoThumbs photos={a.photos ?? []} who={a.name} />
            </li>
          ))}
        </ul>
      ) : null}
      {role === 'tenant' ? <Answer line={line} /> : <Quote line={line} />}
    </article>
  )
}
