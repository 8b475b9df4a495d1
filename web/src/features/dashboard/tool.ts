// This feature's entry in the shell's tool menu: a tenant's home (issue 27),
// their agreement, papers, reports, reference checks and dates. A
// landlord's /dashboard is the reference-check dashboard (features/refcheck/tool.ts).
import { DoorOpen } from 'lucide-react'
import type { Tool } from '../../lib/tools'

export const tool: Tool = {
  order: 5,
  key: 'home',
  name: 'My home',
  to: '/dashboard',
  Icon: DoorOpen,
  match: ['/dashboard'],
  description: 'Your tenancy agreement, your home’s certificates, reports, reference checks and dates.',
  visible: (u) => u.userType === 'Tenant',
}
