// A repair form and repairs as the server sends them, for the tests.
import type { Repair, RepairForm, RepairItem } from './api/repairs'

const gasAdvice = {
  id: 'gas',
  title: 'If you smell gas, act now',
  steps: ['Do not turn any switches on or off (lights, sockets, doorbells), do not use a naked flame and do not smoke.', 'Leave the home and call the National Gas Emergency Service from outside.'],
  line: { name: 'National Gas Emergency Service', number: '0800 111 999', source: 'REPAIRS.md', confidence: 'H' as const },
}

export const sampleForm: RepairForm = {
  homes: [{ propertyId: 'p1', address: '1 Demo Street, Leeds LS1 1AA', jurisdiction: 'England' }],
  categories: [
    {
      id: 'gas', name: 'Gas', priority: 'urgent', hazards: null,
      questions: [{
        id: 'what', text: 'What is happening?', optional: false,
        options: [
          { id: 'smell', text: 'I can smell gas', priority: 'emergency', safety: 'gas' },
          { id: 'check-overdue', text: 'The yearly gas safety check is overdue', priority: 'urgent' },
        ],
      }],
    },
    {
      id: 'water-leaks', name: 'Water and leaks', priority: 'routine', hazards: ['water_ingress'],
      questions: [{
        id: 'what', text: 'What is happening?', optional: false,
        options: [{ id: 'drip', text: 'A slow drip or a small leak' }, { id: 'ceiling', text: 'Water coming through a ceiling', priority: 'urgent' }],
      }],
    },
  ],
  rooms: ['Kitchen', 'Bathroom'],
  safety: { England: { gas: gasAdvice }, Scotland: { gas: gasAdvice } },
  priorities: ['emergency', 'urgent', 'routine'],
  hazards: [],
  vulnerabilityGroups: [{ id: 'child_under_5', text: 'A child under 5' }, { id: 'over_65', text: 'Someone over 65' }],
  channels: [{ id: 'phone', text: 'A phone call' }],
  declineReasons: [{ id: 'tenant_damage', text: 'Damage caused by the tenant' }],
  holdReasons: [{ id: 'parts', text: 'Waiting for parts' }],
  limits: { description: 2000 },
}

const deadline = {
  ruleId: 'ENG-TGT-ROUTINE', title: 'Investigate', label: 'Investigate by Thu 17 Dec 2026', when: 'Thu 17 Dec 2026',
  kind: 'target' as const, kindText: 'target', dueAt: '2026-12-18T00:00:00Z', dueDay: '2026-12-17', state: 'open' as const, round: 1,
  trigger: 'aware' as const, triggerAt: '2026-12-07T10:00:00Z', counting: '10 working days', source: 'OmniRent target', url: '', note: '',
  metAt: null, noticeSentAt: null,
}

export function item(over: Partial<RepairItem> = {}): RepairItem {
  return {
    id: 'r1', propertyId: 'p1', address: '1 Demo Street, Leeds LS1 1AA', category: 'water-leaks', categoryName: 'Water and leaks',
    room: 'Kitchen', priority: 'routine', emergency: false, status: 'reported', statusText: 'Reported', open: true, reporterRole: 'tenant',
    awareAt: '2026-12-07T10:00:00Z', nextDue: deadline, overdue: false, repeats: 0, updatedAt: '2026-12-07T10:00:00Z', ...over,
  }
}

export function repair(over: Partial<Repair> = {}): Repair {
  return {
    id: 'r1', propertyId: 'p1', address: '1 Demo Street, Leeds LS1 1AA', jurisdiction: 'England', viewer: 'tenant',
    category: 'water-leaks', categoryName: 'Water and leaks', answers: [{ question: 'What is happening?', answer: 'A slow drip or a small leak' }],
    room: 'Kitchen', description: 'Under the sink', availability: '', entryWhenOut: false, vulnerability: [], vulnerabilitySharedAt: null,
    reporterRole: 'tenant', reporterName: 'Tom Tenant', channel: 'app', channelText: 'OmniRent', channelNote: '',
    awareAt: '2026-12-07T10:00:00Z', loggedAt: '2026-12-07T10:00:00Z', suggestedPriority: 'routine', priority: 'routine', emergency: false,
    hazards: [], status: 'reported', statusText: 'Reported', open: true, heldFrom: '', repeats: 0, nextDue: deadline, deadlines: [deadline],
    history: [{ seq: 1, at: '2026-12-07T10:00:00Z', role: 'tenant', name: 'Tom Tenant', kind: 'reported', from: '', to: 'reported', text: 'Reported', body: '', data: {}, hash: 'h' }],
    historyValid: true, actions: [], safety: [], photos: [], videos: [], files: [], createdAt: '2026-12-07T10:00:00Z', updatedAt: '2026-12-07T10:00:00Z', ...over,
  }
}
