// This feature's entry in the shell's tool menu and on the dashboard (spec 1 section 1).
import { FileSignature } from 'lucide-react'
import type { Tool } from '../../lib/tools'

export const tool: Tool = {
  order: 30,
  key: 'contracts',
  name: 'Contract Builder',
  to: '/contract-builder',
  Icon: FileSignature,
  match: ['/contract-builder'],
  description: 'Build, sign and send tenancy agreements that follow the law on their start date.',
}
