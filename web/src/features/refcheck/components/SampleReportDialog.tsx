// A static sample of the Instant Check report, so a landlord can see what
// they buy before they buy it (spec 2 section 2: 'a sample-report link').
import { Dialog } from '../../../components/Dialog'
import { CheckScope } from './CheckScope'

const MONTHS = [
  { month: 'Jun', income: 3250, spending: 1310 },
  { month: 'Jul', income: 3250, spending: 1480 },
  { month: 'Aug', income: 3410, spending: 1395 },
  { month: 'Sep', income: 3250, spending: 1260 },
  { month: 'Oct', income: 3250, spending: 1350 },
  { month: 'Nov', income: 3520, spending: 1420 },
]
const TOP = 4000

export function SampleReportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Sample Instant Check report" wide>
      <div className="sample-report">
        <p className="sample-report__banner">Sample report: the renter and figures are made up.</p>
        <dl className="sample-report__facts">
          <div>
            <dt>Renter</dt>
            <dd>Sam Sample</dd>
          </div>
          <div>
            <dt>Income verification</dt>
            <dd className="ok">£3,250 a month, verified</dd>
          </div>
          <div>
            <dt>Affordability rating</dt>
            <dd className="ok">Good: rent of £1,100 is 34% of income</dd>
          </div>
          <div>
            <dt>Spending ratio</dt>
            <dd>42% of income</dd>
          </div>
          <div>
            <dt>Bank account holder</dt>
            <dd className="ok">Sam Sample (matches the renter)</dd>
          </div>
          <div>
            <dt>Right to Rent documents</dt>
            <dd>The renter declares they have them (not checked)</dd>
          </div>
          <div>
            <dt>Income sources</dt>
            <dd>Salary (Northwind Ltd); freelance design</dd>
          </div>
          <div>
            <dt>Previous landlord&apos;s e-mail</dt>
            <dd>previous.landlord@example.com</dd>
          </div>
          <div>
            <dt>Pets and smoking (declared)</dt>
            <dd>No pets; does not smoke</dd>
          </div>
          <div>
            <dt>Gambling activity</dt>
            <dd className="ok">None found</dd>
          </div>
        </dl>
        <figure className="sample-report__graph">
          <figcaption>Affordability graph: monthly income and spending over six months</figcaption>
          <table className="visually-hidden">
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">Income</th>
                <th scope="col">Spending</th>
              </tr>
            </thead>
            <tbody>
              {MONTHS.map((m) => (
                <tr key={m.month}>
                  <th scope="row">{m.month}</th>
                  <td>£{m.income.toLocaleString('en-GB')}</td>
                  <td>£{m.spending.toLocaleString('en-GB')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="sample-report__bars" aria-hidden="true">
            {MONTHS.map((m) => (
              <div key={m.month} className="sample-report__month">
                <div className="sample-report__pair">
                  <span className="bar bar--income" style={{ height: `${(m.income / TOP) * 100}%` }} />
                  <span className="bar bar--spending" style={{ height: `${(m.spending / TOP) * 100}%` }} />
                </div>
                <span className="sample-report__label">{m.month}</span>
              </div>
            ))}
          </div>
          <p className="sample-report__legend" aria-hidden="true">
            <span className="key key--income" /> Income <span className="key key--spending" /> Spending
          </p>
        </figure>
        <CheckScope headingLevel={3} />
      </div>
    </Dialog>
  )
}
