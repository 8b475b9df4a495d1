// Each event type's colour and icon, the same on the tiles, the dots and the lists.
import { BadgeCheck, CalendarDays, CircleEllipsis, Eye, FileText, Wallet, Wrench, type LucideIcon, Truck } from 'lucide-react'

export const CATEGORY_ICONS: Record<string, LucideIcon> = {
  All: CalendarDays,
  Vendors: Truck,
  Viewings: Eye,
  Wallet: Wallet,
  Certificates: BadgeCheck,
  Maintenance: Wrench,
  Tenancy: FileText,
  Other: CircleEllipsis,
}

/** categoryClass is the CSS class carrying a type's colour (cal-cat--viewings...). */
export function categoryClass(category: string): string {
  const known = category in CATEGORY_ICONS ? category : 'Other'
  return `cal-cat--${known.toLowerCase()}`
}

export function CategoryIcon({ category, size = 18 }: { category: string; size?: number }) {
  const Icon = CATEGORY_ICONS[category] ?? CircleEllipsis
  return <Icon aria-hidden size={size} />
}
