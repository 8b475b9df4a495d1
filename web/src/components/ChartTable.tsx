// The hidden table of every figure behind a bar chart, for screen readers
// (the chart's SVG gives only a summary). One row per bar group: a label
// and its amounts in pence.
import { formatPence } from '../lib/money'

export type ChartTableRow = { key: string; label: string; pence: number[] }

/** ChartTable: columns are the headings, the row label's first; each row has one amount per further column. */
export function ChartTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: ChartTableRow[] }) {
  return (
    <table className="visually-hidden">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row">{r.label}</th>
            {r.pence.map((p, i) => (
              <td key={i}>{formatPence(p)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
