// The shape of a tool of the left icon menu (spec 1 section 1). Each feature
// declares its own in features/<area>/tool.ts; app/shell/tools.ts collects them.
import type { LucideIcon } from 'lucide-react'
import type { User } from './api'

export type Tool = {
  /** order places the tool in the menu (spec order), lowest first. */
  order: number
  key: string
  /** name is the accessible name and the visible tooltip text. */
  name: string
  /** to is absent for entries that are not clickable (Maintenance). */
  to?: string
  Icon: LucideIcon
  /** Path prefixes for which the entry is highlighted. */
  match: string[]
  description: string
  /** descriptionFor words the description for the user, where it differs by role. */
  descriptionFor?: (u: User) => string
  visible?: (u: User) => boolean
}
