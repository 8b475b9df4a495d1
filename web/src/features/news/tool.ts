// This feature's entry in the shell's tool menu and on the dashboard (spec 1 section 1).
import { Newspaper } from 'lucide-react'
import type { Tool } from '../../lib/tools'

export const tool: Tool = {
  order: 20,
  key: 'news',
  name: 'OmniNews',
  to: '/omninews',
  Icon: Newspaper,
  match: ['/omninews'],
  description: 'The latest news from the rental sector.',
}
