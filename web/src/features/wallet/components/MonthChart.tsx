// Income and expenses by month for the chosen period: inline SVG bars in a
// 100 x 100 box stretched to the width, with HTML labels beside it so their
// text stays readable on a phone. With many months (3Y) only some months are
// labelled. Screen readers get a summary and a hidden table of every figure.
import { useId } from 'react'
import { ChartTable } from '../../../components/ChartTable'
import { niceScale } from '../../../lib/chart'
import { formatPence, monthLong, monthShort, shortPounds } from '../format'

export type ChartMonth = { month: string; incomePence: number; expensesPence: number }

/** labelEvery: how many months apart the labels are, so at most about 12 show. */
export function labelEvery(n: number): number {
  if (n <= 12) return 1
  if (n <= 24) return 2
  return 3
}

export function MonthChart({ months }: { months: ChartMonth[] }) {
  const captionId = useId()
  const max = Math.max(0, ...months.flatMap((m) => [m.incomePence, m.expensesPence]))
  const { top, step } = niceScale(max)
  const ticks: number[] = []
  for (let v = 0; v <= top; v += step) ticks.push(v)
  const n = Math.max(months.length, 1)
  const w = 100 / n
  const h = (pence: number) => (pence / top) * 100
  const every = labelEvery(months.length)
  // Years are shown only when the months span more than one.
  const years = months.length > 0 && months[0].month.slice(0, 4) !== months[months.length - 1].month.slice(0, 4)
  const total = (k: 'incomePence' | 'expensesPence') => months.reduce((s, m) => s + m[k], 0)
  const summary =
    months.length === 0
      ? 'Income and expenses by month: no months to show.'
      : `Bar chart of income and expenses by month from ${monthLong(months[0].month)} to ${monthLong(months[months.length - 1].month)}: ` +
        `income ${formatPence(total('incomePence'))}, expenses ${formatPence(total('expensesPence'))} in all.`

  return (
    <figure className="wl-chart" aria-labelledby={captionId}>
      <figcaption id={captionId} className="wl-chart__caption">
        <h2 className="wl-section-title">Income and expenses by month</h2>
        <span className="wl-chart__legend" aria-hidden="true">
          <span className="wl-chart__key wl-chart__key--income" /> Income
          <span className="wl-chart__key wl-chart__key--expense" /> Expenses
        </span>
      </figcaption>
      <div className="wl-chart__frame">
        <div className="wl-chart__axis" aria-hidden="true">
          {ticks.map((t) => (
            <span key={t} style={{ bottom: `${h(t)}%` }}>
              {shortPounds(t)}
            </span>
          ))}
        </div>
        <div className="wl-chart__plot">
          <svg className="wl-chart__svg" viewBox="0 0 100 100" preserveAspectRatio="none" role="img" aria-label={summary} focusable="false">
            {ticks.map((t) => (
              <line key={t} x1="0" x2="100" y1={100 - h(t)} y2={100 - h(t)} className="wl-chart__grid" vectorEffect="non-scaling-stroke" />
            ))}
            {months.map((m, i) => (
              <g key={m.month}>
                <rect className="wl-chart__bar--income" x={i * w + w * 0.12} width={w * 0.36} y={100 - h(m.incomePence)} height={h(m.incomePence)}>
                  <title>{`${monthLong(m.month)}: income ${formatPence(m.incomePence)}`}</title>
                </rect>
                <rect className="wl-chart__bar--expense" x={i * w + w * 0.52} width={w * 0.36} y={100 - h(m.expensesPence)} height={h(m.expensesPence)}>
                  <title>{`${monthLong(m.month)}: expenses ${formatPence(m.expensesPence)}`}</title>
                </rect>
              </g>
            ))}
          </svg>
          <ol className="wl-chart__months" aria-hidden="true" style={{ gridTemplateColumns: `repeat(${n}, minmax(0, 1fr))` }}>
            {months.map((m, i) => (
              <li key={m.month}>
                {(months.length - 1 - i) % every === 0 ? (
                  <>
                    <span className="wl-chart__month">{monthShort(m.month)}</span>
                    <span className="wl-chart__initial">{monthShort(m.month).charAt(0)}</span>
                  </>
                ) : (
                  <span className="wl-chart__gap"> </span>
                )}
                {years && (m.month.endsWith('-01') || i === 0) ? <span className="wl-chart__year">’{m.month.slice(2, 4)}</span> : null}
              </li>
            ))}
          </ol>
        </div>
      </div>
      <ChartTable
        caption="Income and expenses by month"
        columns={['Month', 'Income', 'Expenses']}
        rows={months.map((m) => ({ key: m.month, label: monthLong(m.month), pence: [m.incomePence, m.expensesPence] }))}
      />
    </figure>
  )
}
