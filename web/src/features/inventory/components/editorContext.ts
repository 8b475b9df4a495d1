// What every editor screen needs: the report, its live data and the way to
// change it (autosaved), the catalogue, and navigation between the nested
// views kept in the address (?id=…&section=…&room=…&item=…).
import { createContext, useContext } from 'react'
import type { InventoryCatalogue, InventoryData, InventoryReport } from '../api/keys'

export type Nav = { section?: string; room?: string; item?: string; view?: string }

export type Editor = {
  report: InventoryReport
  data: InventoryData
  update: (change: (d: InventoryData) => InventoryData) => void
  catalogue: InventoryCatalogue | undefined
  /** go opens a nested view (a new history entry, so Back returns). */
  go: (nav: Nav) => void
  /** back returns to the previous view (the browser's Back when there is one inside the editor). */
  back: () => void
  flush: () => Promise<boolean>
}

export const EditorContext = createContext<Editor | null>(null)

export function useEditor(): Editor {
  const e = useContext(EditorContext)
  if (!e) throw new Error('useEditor needs the report editor above it')
  return e
}
