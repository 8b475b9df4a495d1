// Pounds and pence as the wallet's forms take them: typed as "1,250.50" or
// "£85", sent to the server as whole pence (integers, never negative).

/** parsePounds reads "1250", "1,250.5", "£1,250.50" as pence; null when it is not an amount of money. */
export function parsePounds(s: string): number | null {
  const v = s.replace(/[£,\s]/g, '')
  if (!/^\d+(\.\d{1,2})?$/.test(v) && !/^\.\d{1,2}$/.test(v)) return null
  const [whole, frac = ''] = v.split('.')
  const pence = Number(whole || '0') * 100 + Number((frac + '00').slice(0, 2))
  return Number.isSafeInteger(pence) ? pence : null
}

/** penceToPounds writes pence for a money box: 125000 -> "1250.00", 0 -> "0.00". */
export function penceToPounds(p: number | null | undefined): string {
  if (p === null || p === undefined) return ''
  return (p / 100).toFixed(2)
}

/** tidyPounds rewrites what was typed with two decimals once the box is left ("85" -> "85.00"); junk stays as typed. */
export function tidyPounds(s: string): string {
  const p = parsePounds(s)
  return p === null ? s : penceToPounds(p)
}
