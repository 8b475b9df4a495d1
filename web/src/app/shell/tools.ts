// The tools of the left icon menu (spec 1 section 1), shared by the shell menu
// and the dashboard cards. Each feature declares its entry in its own
// features/<area>/tool.ts; a new area adds that file and appears here.
import type { User } from '../../lib/api'
import type { Tool } from '../../lib/tools'

export type { Tool }

const modules = import.meta.glob<{ tool: Tool }>('../../features/*/tool.ts', { eager: true })

export const TOOLS: Tool[] = Object.values(modules)
  .map((m) => m.tool)
  .sort((a, b) => a.order - b.order)

export function toolsFor(user: User): Tool[] {
  return TOOLS.filter((t) => !t.visible || t.visible(user))
}

export function isActive(tool: Tool, pathname: string): boolean {
  return tool.match.some((m) => pathname === m || pathname.startsWith(m + '/'))
}

/**
 * activeTool is the menu entry for the current path, if any; given the user,
 * only among the tools they have, so a page they may not open (/admin for a
 * non-admin, answered with the 404) is not titled as that tool.
 */
export function activeTool(pathname: string, user?: User | null): Tool | undefined {
  return (user ? toolsFor(user) : TOOLS).find((t) => isActive(t, pathname))
}
