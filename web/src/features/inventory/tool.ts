// This feature's entry in the shell's tool menu and on the dashboard (spec 1 section 1).
import { ScanLine } from 'lucide-react'
import type { Tool } from '../../lib/tools'

export const tool: Tool = {
  order: 40,
  key: 'inventory',
  name: 'OmniScan inventory',
  to: '/inventory',
  Icon: ScanLine,
  match: ['/inventory', '/NewReport'],
  description: 'Inventory, check-in, interim and check-out reports with signatures.',
}
