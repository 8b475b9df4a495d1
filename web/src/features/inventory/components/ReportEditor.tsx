// The editor of one draft report: its data lives here (useAutosave), photos
// upload in the background for the whole page (PhotosProvider), and the
// nested screens are chosen by the address (?id=…&section=…&room=…&item=…,
// or view=preview, view=sign), so the browser's Back returns screen by screen.
import { useCallback } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { ArrowLeft, CloudOff, CloudUpload, Check, TriangleAlert } from 'lucide-react'
import { useToast } from '../../../components/Toast'
import { useInventoryCatalogue } from '../api/catalogue'
import { saveReportData } from '../api/saveReport'
import type { InventoryData, InventoryReport } from '../api/keys'
import { isSection, MSG, normalise, SECTION_TITLES } from '../rules'
import { useAutosave, type AutosaveStatus } from '../useAutosave'
import { EditorContext, type Editor, type Nav } from './editorContext'
import { Hub, SignAndSend } from './Hub'
import { DocumentsScreen, LandlordScreen, MetersScreen, TenantsScreen } from './ListScreens'
import { PhotosProvider } from './Photos'
import { Comparison } from './Comparison'
import { Preview } from './Preview'
import { SignReport } from './SignReport'
import { ItemScreen, RoomScreen, RoomsScreen } from './RoomScreens'
import { KeysAlarmsScreen, OverviewScreen, SettingsScreen } from './SectionScreens'

export function StatusLine({ status, message }: { status: AutosaveStatus; message: string }) {
  const text = status === 'saved' ? MSG.saved : status === 'saving' ? MSG.saving : status === 'offline' ? MSG.offline : message
  const Icon = status === 'saved' ? Check : status === 'saving' ? CloudUpload : status === 'offline' ? CloudOff : TriangleAlert
  return (
    <p className={`inv-status-line inv-status-line--${status}`} role={status === 'conflict' || status === 'error' ? 'alert' : 'status'}>
      <Icon aria-hidden size={16} /> {text}
    </p>
  )
}

export function ReportEditor({ report }: { report: InventoryReport }) {
  const [params, setParams] = useSearchParams()
  const navigate = useNavigate()
  const toast = useToast()
  const catalogue = useInventoryCatalogue()
  const auto = useAutosave({
    report,
    save: saveReportData,
    normalise: (d: InventoryData) => normalise(d),
    onAdopt: (_r, message) => toast('warning', message),
  })

  const section = params.get('section')
  const room = params.get('room') ?? ''
  const item = params.get('item') ?? ''
  const view = params.get('view')

  const go = useCallback(
    (nav: Nav) => {
      const next: Record<string, string> = { id: report.id }
      for (const [k, v] of Object.entries(nav)) if (v) next[k] = v
      setParams(next)
    },
    [report.id, setParams],
  )
  const parent = (): Nav => {
    if (view) return {}
    if (section && item && room) return { section, room }
    if (section && (room || item)) return { section }
    return {}
  }
  const back = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0
    if (idx > 0) navigate(-1)
    else setParams({ id: report.id, ...(parent() as Record<string, string>) }, { replace: true })
  }

  const editor: Editor = { report, data: auto.data, update: auto.update, catalogue: catalogue.data, go, back, flush: auto.flush }

  let screen
  if (view === 'preview')
    screen = (
      <>
        <Preview type={report.type} data={auto.data} actions={<div className="inv-hub__actions"><SignAndSend /></div>} />
        {report.type === 'Check-out Report' ? <Comparison reportId={report.id} /> : null}
      </>
    )
  else if (view === 'sign') screen = <SignReport reportId={report.id} />
  else if (!isSection(section)) screen = <Hub />
  else if (section === 'settings') screen = <SettingsScreen />
  else if (section === 'overview') screen = <OverviewScreen />
  else if (section === 'inside' || section === 'outside') {
    if (room && item) screen = <ItemScreen key={`${room}/${item}`} side={section} room={room} tag={item} />
    else if (room) screen = <RoomScreen key={room} side={section} tag={room} />
    else screen = <RoomsScreen side={section} />
  } else if (section === 'meters') screen = <MetersScreen item={item || undefined} />
  else if (section === 'documents') screen = <DocumentsScreen item={item || undefined} />
  else if (section === 'tenants') screen = <TenantsScreen item={item || undefined} />
  else if (section === 'landlord') screen = <LandlordScreen />
  else if (section === 'checkin') screen = <KeysAlarmsScreen which="checkIn" />
  else screen = <KeysAlarmsScreen which="checkOut" />

  const atHub = !view && !isSection(section)
  return (
    <EditorContext.Provider value={editor}>
      <PhotosProvider reportId={report.id} update={auto.update}>
        <div className="inv-editor">
          <div className="inv-editor__bar">
            {atHub ? (
              <button type="button" className="button button--outline button--small" onClick={() => navigate('/inventory?view=draft')}>
                <ArrowLeft aria-hidden size={16} /> Reports
              </button>
            ) : (
              <button type="button" className="button button--outline button--small" onClick={back}>
                <ArrowLeft aria-hidden size={16} /> Back
              </button>
            )}
            <StatusLine status={auto.status} message={auto.message} />
          </div>
          {isSection(section) && !view ? <p className="inv-crumb inv-muted">{report.type} · {SECTION_TITLES[section]}</p> : null}
          {screen}
        </div>
      </PhotosProvider>
    </EditorContext.Provider>
  )
}
