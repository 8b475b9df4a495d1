// The monthly income-versus-outgoings bar chart: inline SVG, no chart
// library. The bars are drawn in a 100 x 100 box stretched to the width
// (preserveAspectRatio none, so they fill any screen); the month and amount
// labels are HTML beside it, so their text stays a readable size on a phone.
// Screen readers get the SVG's summary (role img) and a hidden table of
// every figure.
import { useId } from 'react'
import { ChartTable } from '../../../components/ChartTable'
import type { AffordabilityReport } from '../api/keys'
import { niceScale } from '../../../lib/chart'
import { chartSummary, monthLong, monthShort } from '../reportFormat'

type Months = AffordabilityReport['months']

const pounds = (pence: number) => `£${Math.round(pence / 100).toLocaleString('en-GB')}`

export function IncomeChart({ months, level = 2 }: { months: Months; level?: 2 | 3 }) {
  const H: 'h2' | 'h3' = level === 2 ? 'h2' : 'h3'
  const captionId = useId()
  const max = Math.max(0, ...months.flatMap((m) => [m.incomePence, m.outgoingsPence]))
  const { top, step } = niceScale(max)
  const ticks: number[] = []
  for (let v = 0; v <= top; v += step) ticks.push(v)
  const n = Math.max(months.length, 1)
  const w = 100 / n
  const h = (pence: number) => (pence / top) * 100

  return (
    <figure className="income-chart" aria-labelledby={captionId}>
      <figcaption id={captionId} className="income-chart__caption">
        <H className="report__title">Income and outgoings by month</H>
      </figcaption>
      <p className="income-chart__legend" aria-hidden="true">
        <span className="income-chart__key income-chart__key--income" /> Income
        <span className="income-chart__key income-chart__key--outgoings" /> Outgoings
      </p>
      <div className="income-chart__frame">
        <div className="income-chart__axis" aria-hidden="true">
          {ticks.map((t) => (
            <span key={t} style={{ bottom: `${h(t)}%` }}>
              {pounds(t)}
            </span>
          ))}
        </div>
        <div className="income-chart__plot">
          <svg
            className="income-chart__svg"
            viewBox="0 0 100 100"
            preserveAspectRatio="none"
            role="img"
            aria-label={chartSummary(months)}
            focusable="false"
          >
            {ticks.map((t) => (
              <line key={t} x1="0" x2="100" y1={100 - h(t)} y2={100 - h(t)} className="income-chart__grid" vectorEffect="non-scaling-stroke" />
            ))}
            {months.map((m, i) => (
              <g key={m.month}>
                <rect className="income-chart__bar--income" x={i * w + w * 0.14} width={w * 0.34} y={100 - h(m.incomePence)} height={h(m.incomePence)} />
                <rect
                  className="income-chart__bar--outgoings"
                  x={i * w + w * 0.52}
                  width={w * 0.34}
                  y={100 - h(m.outgoingsPence)}
                  height={h(m.outgoingsPence)}
                />
              </g>
            ))}
          </svg>
          <ol className="income-chart__months" aria-hidden="true" style={{ gridTemplateColumns: `repeat(${n}, minmax(0, 1fr))` }}>
            {months.map((m) => (
              <li key={m.month}>
                <span className="income-chart__month">{monthShort(m.month)}</span>
                <span className="income-chart__initial">{monthShort(m.month).charAt(0)}</span>
              </li>
            ))}
          </ol>
        </div>
      </div>
      <ChartTable
        caption="Monthly income and outgoings"
        columns={['Month', 'Income', 'Outgoings']}
        rows={months.map((m) => ({ key: m.month, label: monthLong(m.month), pence: [m.incomePence, m.outgoingsPence] }))}
      />
    </figure>
  )
}
