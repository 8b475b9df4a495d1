// This feature's entry in the shell's tool menu and on the dashboard (spec 1 section 1).
import { ShieldCheck } from 'lucide-react'
import type { Tool } from '../../lib/tools'

export const tool: Tool = {
  order: 110,
  key: 'admin',
  name: 'Admin',
  to: '/admin',
  Icon: ShieldCheck,
  match: ['/admin'],
  description: 'Administration of the platform.',
  visible: (u) => u.role === 'Admin',
}
