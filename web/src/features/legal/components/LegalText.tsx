// The privacy policy and the terms of service, kept as Markdown content
// (features/legal/content) and rendered here. No page chrome: the standalone
// pages and the pop-ups (registration, renter declaration) all render it. The
// support e-mail and the ICO registration number come from the server's
// configuration and fill the {{contact}} and {{registration}} placeholders.
import { useMemo } from 'react'
import { Marked } from 'marked'
import { useSiteInfo } from '../../../lib/site'
import privacyPolicy from '../content/privacy-policy.md?raw'
import termsOfService from '../content/terms-of-service.md?raw'
import '../legal-text.css'

export type LegalDoc = 'terms' | 'privacy'

const SOURCES: Record<LegalDoc, string> = { privacy: privacyPolicy, terms: termsOfService }

type Props = {
  doc: LegalDoc
  /** Level of the section headings: 2 on the standalone page, 3 inside a pop-up titled with an h2. */
  headingLevel?: 2 | 3
}

function escapeHTML(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** renderLegal turns a document's Markdown into HTML, its headings shifted to start at headingLevel. */
export function renderLegal(doc: LegalDoc, headingLevel: 2 | 3, site: { supportEmail?: string; dataProtectionNumber?: string }): string {
  const marked = new Marked({
    renderer: {
      heading({ tokens, depth }) {
        const level = Math.min(6, depth + headingLevel - 2)
        return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`
      },
    },
  })
  const html = marked.parse(SOURCES[doc], { async: false })
  const email = site.supportEmail
  const contact = email
    ? `<a href="mailto:${escapeHTML(email)}">${escapeHTML(email)}</a>`
    : 'the support e-mail address shown in the footer of our website'
  const registration = site.dataProtectionNumber ? ` under registration number ${escapeHTML(site.dataProtectionNumber)}` : ''
  return html
    .replace(/^<!--[\s\S]*?-->\s*/, '')
    .replaceAll('{{contact}}', contact)
    .replaceAll('{{registration}}', registration)
}

export function LegalText({ doc, headingLevel = 2 }: Props) {
  const site = useSiteInfo()
  const html = useMemo(() => renderLegal(doc, headingLevel, site.data ?? {}), [doc, headingLevel, site.data])
  // The HTML comes from our own bundled Markdown; the only outside values are escaped above.
  return <div className="legal-text" dangerouslySetInnerHTML={{ __html: html }} />
}

export default LegalText
