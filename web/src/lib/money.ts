// Money as the server sends it: whole pence (integers), shown in pounds with
// the pound sign and thousands separators, always with two decimals.

/** formatPence shows pence as pounds: 899 -> '£8.99', 213461 -> '£2,134.61', 0 -> '£0.00'. */
export function formatPence(pence: number): string {
  const sign = pence < 0 ? '-' : ''
  const abs = Math.abs(Math.round(pence))
  const pounds = Math.floor(abs / 100)
  const frac = String(abs % 100).padStart(2, '0')
  return `${sign}£${pounds.toLocaleString('en-GB')}.${frac}`
}

/** wholePoundsToPence reads whole pounds typed as digits ('1850' -> 185000); '' or junk is 0. */
export function wholePoundsToPence(pounds: string): number {
  const d = pounds.replace(/\D+/g, '')
  return d ? Number(d) * 100 : 0
}
