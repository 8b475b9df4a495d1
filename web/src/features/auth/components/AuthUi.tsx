// The centred card of the sign-in, registration and password-reset pages.
// The form parts they share with every other form are in components/Form.
import type { ReactNode } from 'react'
import '../auth.css'

export function AuthCard({ title, intro, children, wide }: { title: string; intro?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <div className="auth-page">
      <section className={wide ? 'auth-card auth-card--wide' : 'auth-card'} aria-labelledby="auth-card-title">
        <h1 id="auth-card-title" className="auth-card__title">
          {title}
        </h1>
        {intro ? <div className="auth-card__intro">{intro}</div> : null}
        {children}
      </section>
    </div>
  )
}
