// OmniCheck's place lives in the URL, so Back and reloads keep it:
//   /dashboard                          initiate (welcome the first time, else the type choice)
//   /dashboard?view=initiate&step=form  the reference form
//   /dashboard?view=initiate&step=pay&check=<id>      payment for that check
//   /dashboard?view=initiate&step=success&check=<id>  payment success
//   /dashboard?view=active | ?view=completed          the report lists
export type View = 'initiate' | 'active' | 'completed'
export type Step = 'welcome' | 'reference' | 'form' | 'pay' | 'success'

export type Place = { view: View; step?: Step; check?: string }

const STEPS: Step[] = ['welcome', 'reference', 'form', 'pay', 'success']

export function parsePlace(q: URLSearchParams): Place {
  const v = q.get('view')
  const view: View = v === 'active' || v === 'completed' ? v : 'initiate'
  if (view !== 'initiate') return { view }
  const s = q.get('step') as Step | null
  const check = q.get('check') ?? ''
  let step = s && STEPS.includes(s) ? s : undefined
  // Payment and success need a check.
  if ((step === 'pay' || step === 'success') && !check) step = undefined
  return { view, step, check: step === 'pay' || step === 'success' ? check : undefined }
}

export function placeHref(p: Place): string {
  const q = new URLSearchParams()
  if (p.view !== 'initiate') q.set('view', p.view)
  else {
    if (p.step) {
      q.set('view', 'initiate')
      q.set('step', p.step)
    }
    if (p.check) q.set('check', p.check)
  }
  const s = q.toString()
  return s ? `/dashboard?${s}` : '/dashboard'
}

const WELCOMED = 'omnirent.omnicheck.welcomed.'

/** welcomed says whether this user has seen OmniCheck's welcome (spec 2: welcome on first login). */
export function welcomed(userId: string): boolean {
  try {
    return localStorage.getItem(WELCOMED + userId) === '1'
  } catch {
    return false
  }
}

export function rememberWelcomed(userId: string): void {
  try {
    localStorage.setItem(WELCOMED + userId, '1')
  } catch {
    // Private mode: the welcome shows again next time.
  }
}
