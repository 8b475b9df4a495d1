// Shown when rendering fails (spec 1 section 2.2). Go Home reloads the app at /
// so every piece of broken state is thrown away.
import type { CSSProperties } from 'react'
import { Logo } from '../components/Logo'

const wrap: CSSProperties = {
  flex: 1,
  display: 'grid',
  placeItems: 'center',
  padding: '2rem 1rem',
  background: 'var(--bg-soft)',
}
const card: CSSProperties = {
  maxWidth: 480,
  width: '100%',
  textAlign: 'center',
  background: 'var(--bg)',
  border: '1px solid var(--line)',
  borderRadius: 'var(--radius)',
  boxShadow: 'var(--shadow)',
  padding: '2rem 1.5rem',
}

export default function ErrorScreen() {
  return (
    <main style={wrap}>
      <div style={card}>
        <Logo />
        <h1 style={{ fontSize: '1.6rem', margin: '1.5rem 0 .75rem' }}>Oh no! Something went wrong!</h1>
        <p style={{ margin: '0 0 .25rem', color: 'var(--ink-soft)' }}>Don&apos;t worry, our best detectives are on the case!</p>
        <p style={{ margin: '0 0 1.5rem', color: 'var(--ink-soft)' }}>Meanwhile, why don&apos;t you try again</p>
        <button type="button" className="button" onClick={() => window.location.assign('/')}>
          Go Home
        </button>
      </div>
    </main>
  )
}
