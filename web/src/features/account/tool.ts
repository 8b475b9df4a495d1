// This feature's entry in the shell's tool menu and on the dashboard (spec 1 section 1).
import { CircleUserRound } from 'lucide-react'
import type { Tool } from '../../lib/tools'

export const tool: Tool = {
  order: 100,
  key: 'profile',
  name: 'Profile',
  to: '/profile/list',
  Icon: CircleUserRound,
  match: ['/profile'],
  description: 'Your properties and account details.',
  descriptionFor: (u) => (u.userType === 'Tenant' ? 'Your account details and orders.' : 'Your properties and account details.'),
}
