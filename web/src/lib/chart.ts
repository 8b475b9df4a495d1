// Helpers of the app's inline-SVG bar charts (the wallet's month chart and
// the affordability report's income chart).

/** niceScale picks the chart's top and gridline step in pence: 1, 2 or 5 times a power of ten, at most 4 steps. */
export function niceScale(maxPence: number): { top: number; step: number } {
  if (maxPence <= 0) return { top: 10000, step: 5000 }
  let unit = 100
  for (;;) {
    for (const m of [1, 2, 5]) {
      const step = unit * m
      if (maxPence / step <= 4) return { top: Math.ceil(maxPence / step) * step, step }
    }
    unit *= 10
  }
}
