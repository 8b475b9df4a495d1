// This feature's entry in the shell's tool menu and on the dashboard (spec 1 section 1).
import { House } from 'lucide-react'
import type { Tool } from '../../lib/tools'

export const tool: Tool = {
  order: 70,
  key: 'listings',
  name: 'Property Listings',
  to: '/listing',
  Icon: House,
  match: ['/listing', '/DetailPage'],
  description: 'Search published rentals and contact their owners.',
}
