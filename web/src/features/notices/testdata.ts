// Canned answers of the notices API for the component tests.
import type { NoticeTenancy, RentIncrease } from './api/notices'

export function increase(over: Partial<RentIncrease> = {}): RentIncrease {
  return {
    id: 'i1', tenancyId: 't1', status: 'served', statusText: 'Served', oldPence: 120000, newPence: 126000, changePence: 6000,
    oldRent: '£1,200.00 a month', newRent: '£1,260.00 a month', change: '£60.00 a month', percent: '5.00%',
    effectiveOn: '2027-12-01', effectiveText: 'Wed 1 Dec 2027', inEffect: false, method: 'post', methodText: 'By post',
    servedOn: '2026-11-02', servedText: 'Mon 2 Nov 2026', acceptances: [], acceptedByMe: false, canServe: false, canWithdraw: false,
    canAccept: true, form: null,
    challenge: {
      text: 'If you think the new rent is more than the home would fetch on the open market, you can apply to the First-tier Tribunal (Property Chamber) to decide it. Apply before Wed 1 Dec 2027, the day the new rent would take effect.',
      url: 'https://www.gov.uk/courts-tribunals/first-tier-tribunal-property-chamber',
    },
    law: { text: "Housing Act 1988 section 13, as amended by the Renters' Rights Act 2025", url: 'https://www.legislation.gov.uk/ukpga/1988/50/section/13' },
    ...over,
  }
}

export function tenancy(over: Partial<NoticeTenancy> = {}): NoticeTenancy {
  return {
    id: 't1', role: 'tenant', address: '12 Park Row, Leeds, LS1 5HD', propertyId: 'p1', jurisdiction: 'England', landlordName: 'Lara Lord',
    tenants: ['Tom Tenant', 'Tess Tenant'], startDate: '2026-12-01', startText: 'Tue 1 Dec 2026', rent: '£1,200.00 a month', rentPence: 120000,
    rentPeriod: 'monthly', agreementLink: '/contract-builder?view=completed&id=t1', handled: true, notHandled: null, increases: [increase()],
    canPropose: false, nextIncrease: null, notice: null, canGiveNotice: true,
    earliestEnd: {
      date: '2027-01-31', text: 'Sun 31 Jan 2027', note: 'A notice from one joint tenant ends the tenancy for every tenant named on the agreement.',
      limits: [{ key: 'notice', date: '2027-01-31', reason: 'at least two months after the notice is given (today), on the last day of a rent period (the rent periods start on the 1st of each month)' }],
    },
    possession: null, checkOutLink: '', serviceMethods: [{ text: 'By post', url: 'post' }, { text: 'By hand', url: 'hand' }],
    increaseLaw: { text: "Housing Act 1988 section 13, as amended by the Renters' Rights Act 2025", url: 'https://www.legislation.gov.uk/ukpga/1988/50/section/13' },
    noticeLaw: null, serviceAddress: '1 Office Row, Leeds, LS1 4DY, United Kingdom',
    ...over,
  }
}
