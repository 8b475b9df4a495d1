// This feature's entry in the shell's tool menu and on the dashboard (spec 1 section 1).
import { FolderOpen } from 'lucide-react'
import type { Tool } from '../../lib/tools'

export const tool: Tool = {
  order: 80,
  key: 'documents',
  name: 'Documents',
  to: '/documents/menu',
  Icon: FolderOpen,
  match: ['/documents'],
  description: 'Contracts, reference checks, certificates and inventory reports for each property.',
  // A tenant's papers are on their home (the dashboard).
  visible: (u) => u.userType === 'Landlord',
}
