// Write a post / Edit post: title, address (slug), the body in Markdown with a
// Preview tab, the main image, the author's name and picture, and Draft or
// Published. The server makes the address from the title when it is left
// empty and checks everything; its refusals (a taken address, a missing
// title...) show under the fields they are about.
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { Link } from 'react-router'
import { Controller, useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { ExternalLink } from 'lucide-react'
import { Spinner } from '../../../components/Spinner'
import { ButtonSpinner, Field, FormMessage, describedBy } from '../../../components/Form'
import { errorFields, errorMessage } from '../../../lib/errors'
import { BlogImageField } from './BlogImageField'
import { usePreview } from '../api/preview'
import { useSavePost } from '../api/savePost'
import { type AdminBlogPost } from '../api/keys'
import { POST_FIELDS, postSchema, toPostRequest, type PostField, type PostForm } from '../postForm'
import '../../blog/prose.css'

export { POST_FIELDS, emptyPost, formFromPost, toPostRequest, type PostField, type PostForm } from '../postForm'

const INPUT_ID: Record<'title' | 'slug' | 'body' | 'authorName', string> = {
  title: 'blog-title',
  slug: 'blog-slug',
  body: 'blog-body',
  authorName: 'blog-author',
}

type Props = {
  /** id of the post being edited; none to write a new one. */
  id?: string
  initial: PostForm
  /** labelledBy names the form after its section heading. */
  labelledBy: string
  onSaved: (saved: AdminBlogPost) => void
  onCancel?: () => void
  /** the saved post's public address, when it is published. */
  publicSlug?: string
}

export function BlogPostEditor({ id, initial, labelledBy, onSaved, onCancel, publicSlug }: Props) {
  const form = useForm<PostForm>({
    resolver: zodResolver(postSchema),
    defaultValues: initial,
    reValidateMode: 'onSubmit',
  })
  const { errors } = form.formState
  const body = form.watch('body')
  const [tab, setTab] = useState<'write' | 'preview'>('write')
  const formRef = useRef<HTMLFormElement>(null)
  const save = useSavePost(id)
  const preview = usePreview()

  /** Any edit clears the form's message and the server's word on that field. */
  const edited = (key: keyof PostForm) => {
    form.clearErrors('root')
    if ((POST_FIELDS as readonly string[]).includes(key)) form.clearErrors(key as PostField)
  }

  function showTab(next: 'write' | 'preview') {
    setTab(next)
    const text = form.getValues('body')
    if (next === 'preview' && text.trim() !== '') preview.mutate(text)
  }

  function tabKeys(e: KeyboardEvent<HTMLButtonElement>) {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight' && e.key !== 'Home' && e.key !== 'End') return
    e.preventDefault()
    const next = e.key === 'Home' ? 'write' : e.key === 'End' ? 'preview' : tab === 'write' ? 'preview' : 'write'
    showTab(next)
    document.getElementById(`blog-tab-${next}`)?.focus()
  }

  function focusFirst(fields: readonly PostField[]) {
    const first = fields[0]
    if (!first) return
    if (first === 'body') setTab('write')
    // After the render that shows the write tab and the messages.
    requestAnimationFrame(() => {
      const el =
        first === 'mainImage' || first === 'authorImage'
          ? formRef.current?.querySelector<HTMLElement>(`[data-image-field='${first}'] input`)
          : formRef.current?.querySelector<HTMLElement>(`#${INPUT_ID[first]}`)
      el?.focus()
    })
  }

  const handle = form.handleSubmit((v) =>
    save.mutate(toPostRequest(v), {
      onSuccess: onSaved,
      onError: (err) => {
        const fields = errorFields(err)
        const known = POST_FIELDS.filter((f) => fields[f])
        if (known.length > 0) {
          for (const f of known) form.setError(f, { type: 'server', message: fields[f] })
          focusFirst(known)
        } else {
          form.setError('root', { message: errorMessage(err) })
        }
      },
    }),
  )
  function submit(e: FormEvent<HTMLFormElement>) {
    if (save.isPending) {
      e.preventDefault()
      return
    }
    void handle(e)
  }

  const input = (f: keyof typeof INPUT_ID, hint?: boolean) => ({
    id: INPUT_ID[f],
    'aria-invalid': errors[f] ? true : undefined,
    'aria-describedby': describedBy(INPUT_ID[f], { hint, error: errors[f]?.message }),
    ...form.register(f, { onChange: () => edited(f) }),
  })

  return (
    <form ref={formRef} className="blog-editor" onSubmit={submit} noValidate aria-labelledby={labelledBy}>
      <FormMessage kind="error">{errors.root?.message}</FormMessage>
      <Field id={INPUT_ID.title} label="Title" error={errors.title?.message}>
        <input {...input('title')} type="text" maxLength={160} />
      </Field>
      <Field
        id={INPUT_ID.slug}
        label="Address"
        error={errors.slug?.message}
        hint="Leave empty to make it from the title. Lower-case letters, numbers and hyphens."
      >
        <div className="blog-editor__slug">
          <span aria-hidden="true">/Blog/</span>
          <input
            {...input('slug', true)}
            type="text"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={100}
            placeholder="made-from-the-title"
          />
        </div>
      </Field>

      <div className={errors.body ? 'field field--invalid blog-editor__body' : 'field blog-editor__body'}>
        <div className="blog-editor__body-head">
          <label htmlFor={INPUT_ID.body}>Body (Markdown)</label>
          <div className="blog-tabs" role="tablist" aria-label="Write or preview">
            {(['write', 'preview'] as const).map((t) => (
              <button
                key={t}
                type="button"
                role="tab"
                id={`blog-tab-${t}`}
                aria-selected={tab === t}
                aria-controls={`blog-panel-${t}`}
                tabIndex={tab === t ? 0 : -1}
                className={tab === t ? 'blog-tabs__tab blog-tabs__tab--active' : 'blog-tabs__tab'}
                onClick={() => showTab(t)}
                onKeyDown={tabKeys}
              >
                {t === 'write' ? 'Write' : 'Preview'}
              </button>
            ))}
          </div>
        </div>
        <div id="blog-panel-write" role="tabpanel" aria-labelledby="blog-tab-write" hidden={tab !== 'write'}>
          <textarea
            {...input('body', true)}
            className="blog-editor__textarea"
            rows={16}
          />
          <p id={`${INPUT_ID.body}-hint`} className="field-hint">
            Markdown: **bold**, *italic*, ## heading, - list item, 1. numbered item, [link text](https://…)
          </p>
          {errors.body ? (
            <p id={`${INPUT_ID.body}-error`} className="field-error" role="alert">
              {errors.body.message}
            </p>
          ) : null}
        </div>
        <div id="blog-panel-preview" role="tabpanel" aria-labelledby="blog-tab-preview" hidden={tab !== 'preview'} tabIndex={0}>
          {tab !== 'preview' ? null : body.trim() === '' ? (
            <p className="blog-editor__preview-empty">Nothing to preview yet.</p>
          ) : preview.isPending ? (
            <div className="blog-editor__preview-status">
              <Spinner label="Loading the preview" />
            </div>
          ) : preview.isError ? (
            <FormMessage kind="error">{errorMessage(preview.error)}</FormMessage>
          ) : preview.data !== undefined ? (
            <div className="blog-editor__preview prose" dangerouslySetInnerHTML={{ __html: preview.data }} />
          ) : null}
        </div>
      </div>

      <div data-image-field="mainImage">
        <Controller
          control={form.control}
          name="mainImage"
          render={({ field }) => (
            <BlogImageField
              label="Main image"
              hint="PNG or JPEG, up to 5 MB. Wide pictures (1200 x 630) suit the post and link previews best."
              value={field.value}
              onChange={(im) => {
                field.onChange(im)
                edited('mainImage')
              }}
              error={errors.mainImage?.message}
            />
          )}
        />
      </div>
      <div className="blog-editor__row">
        <Field id={INPUT_ID.authorName} label="Author name" error={errors.authorName?.message} hint="Empty: OmniRent team.">
          <input {...input('authorName', true)} type="text" maxLength={80} autoComplete="off" />
        </Field>
      </div>
      <div data-image-field="authorImage">
        <Controller
          control={form.control}
          name="authorImage"
          render={({ field }) => (
            <BlogImageField
              label="Author image"
              hint="PNG or JPEG, up to 5 MB; shown small and round."
              value={field.value}
              onChange={(im) => {
                field.onChange(im)
                edited('authorImage')
              }}
              error={errors.authorImage?.message}
              round
            />
          )}
        />
      </div>

      <fieldset className="blog-editor__status">
        <legend>Status</legend>
        {(['draft', 'published'] as const).map((s) => (
          <label key={s} className="blog-editor__radio">
            <input type="radio" value={s} {...form.register('status', { onChange: () => edited('status') })} />
            {s === 'draft' ? 'Draft' : 'Published'}
          </label>
        ))}
        <p className="field-hint">Only published posts appear on the blog.</p>
      </fieldset>

      <div className="promo-form__actions">
        <button type="submit" className="button" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? <ButtonSpinner /> : null}
          Save
        </button>
        {onCancel ? (
          <button type="button" className="button button--outline" onClick={onCancel} disabled={save.isPending}>
            Cancel
          </button>
        ) : null}
        {publicSlug ? (
          <Link to={`/Blog/${encodeURIComponent(publicSlug)}`} className="button button--outline" target="_blank" rel="noopener">
            <ExternalLink aria-hidden size={18} />
            View on the blog<span className="visually-hidden"> (opens in a new tab)</span>
          </Link>
        ) : null}
      </div>
    </form>
  )
}
