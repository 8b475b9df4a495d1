import type { DepositTenancy } from './api/deposit'

// A tenancy's deposit as GET /api/deposits answers it (the server makes every text).
export function depositTenancy(over: Partial<DepositTenancy> = {}): DepositTenancy {
  return {
    id: 't1', role: 'landlord', address: '12 Park Row, Leeds LS1 5HD', tenants: ['Tom Tenant', 'Tess Tenant'],
    depositPence: 120000, depositText: '£1,200.00', receivedOn: '2026-09-01', receivedText: 'Tue 1 Sep 2026', deadlineText: 'Thu 1 Oct 2026',
    protection: { recorded: false, scheme: '', reference: '', protectedOn: '', protectedText: '', infoServedOn: '', infoServedText: '', certificate: false },
    checks: [
      { key: 'protected', state: 'overdue', text: 'Not protected yet: the deadline was Thu 1 Oct 2026.' },
      { key: 'information', state: 'overdue', text: 'Not given the prescribed information yet: the deadline was Thu 1 Oct 2026.' },
    ],
    warning: 'This deposit was not protected, or its prescribed information not given, within 30 days of receiving it. A tenant can ask a court to order you to pay them 1 to 3 times the deposit: £1,200.00 to £3,600.00 (Housing Act 2004, sections 213 and 214).',
    agreementLink: '/contract-builder?view=completed&id=t1',
    schemes: [{ name: 'Deposit Protection Service', url: 'https://www.depositprotection.com' }, { name: 'My Deposits', url: 'https://www.mydeposits.co.uk' }],
    ...over,
  }
}
