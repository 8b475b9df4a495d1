import { describe, expect, it } from 'vitest'
import { renderLegal } from './components/LegalText'

describe('renderLegal', () => {
  it('fills the placeholders from the site configuration and shifts the headings', () => {
    const html = renderLegal('privacy', 3, { supportEmail: 'help@omnirent.test', dataProtectionNumber: 'ZA123456' })
    expect(html).toContain('<h3>1. Who we are</h3>')
    expect(html).not.toContain('<h2>')
    expect(html).toContain('<a href="mailto:help@omnirent.test">help@omnirent.test</a>')
    expect(html).toContain('(ICO) under registration number ZA123456.')
    expect(html).toContain('Last updated:')
    expect(html).not.toContain('{{')
    expect(html).not.toContain('<!--')
  })

  it('says where to find the address when none is configured, and drops the missing number', () => {
    const html = renderLegal('privacy', 2, {})
    expect(html).toContain('<h2>1. Who we are</h2>')
    expect(html).toContain('at the support e-mail address shown in the footer of our website.')
    expect(html).not.toContain('registration number')
  })

  it('escapes configured values', () => {
    const html = renderLegal('terms', 2, { supportEmail: '"><script>x</script>' })
    expect(html).not.toContain('<script>')
    expect(html).toContain('<blockquote>')
    expect(html).toContain('<strong>Important:</strong>')
  })
})
