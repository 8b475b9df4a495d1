// This feature's entry in the shell's tool menu and on the dashboard (spec 1 section 1).
import { CalendarDays } from 'lucide-react'
import type { Tool } from '../../lib/tools'

export const tool: Tool = {
  order: 60,
  key: 'calendar',
  name: 'Calendar',
  to: '/calendar',
  Icon: CalendarDays,
  match: ['/calendar'],
  description: 'Viewings, certificates, tenancy dates and other events.',
}
