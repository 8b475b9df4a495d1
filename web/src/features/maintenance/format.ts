// Small formatting shared by the repairs pages: UK dates and times, priorities.
export function ukDateTime(iso: string): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return d.toLocaleString('en-GB', {
    weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London',
  })
}

export const priorityText: Record<string, string> = { emergency: 'Emergency', urgent: 'Urgent', routine: 'Routine' }

export function kindText(kind: string): string {
  return kind === 'legal' ? 'legal deadline' : 'target'
}
