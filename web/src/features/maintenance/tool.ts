// This feature's entry in the shell's tool menu and on the dashboard (spec 1 section 1).
import { Wrench } from 'lucide-react'
import type { Tool } from '../../lib/tools'

export const tool: Tool = {
  order: 90,
  key: 'maintenance',
  name: 'Maintenance',
  to: '/maintenance',
  Icon: Wrench,
  match: ['/maintenance'],
  description: 'Repairs: report one, follow it and see when it is due.',
}
