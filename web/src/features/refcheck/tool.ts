// This feature's entry in the shell's tool menu and on the dashboard (spec 1 section 1).
import { ClipboardCheck } from 'lucide-react'
import type { Tool } from '../../lib/tools'

export const tool: Tool = {
  order: 10,
  key: 'reference-check',
  name: 'Reference Check',
  to: '/dashboard',
  Icon: ClipboardCheck,
  match: ['/dashboard', '/checkSuccessful', '/reports'],
  description: 'Buy and track tenant reference checks. Affordability is shown through bank verification.',
  // A tenant's /dashboard is their home (features/dashboard/tool.ts).
  visible: (u) => u.userType !== 'Tenant',
}
