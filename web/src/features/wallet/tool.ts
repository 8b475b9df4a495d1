// This feature's entry in the shell's tool menu and on the dashboard (spec 1 section 1).
import { Wallet } from 'lucide-react'
import type { Tool } from '../../lib/tools'

export const tool: Tool = {
  order: 50,
  key: 'wallet',
  name: 'Wallet',
  to: '/wallet',
  Icon: Wallet,
  match: ['/wallet'],
  description: 'Income, expenses and loans for each of your properties.',
  visible: (u) => u.userType === 'Landlord',
}
