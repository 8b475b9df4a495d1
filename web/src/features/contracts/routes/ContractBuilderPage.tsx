// /contract-builder, the builder's only route (spec 2 section 2). The view
// and the open agreement live in the address (?view=...&id=...), so reload
// and the browser's back button work. A tenant opens on the awaiting view
// and never sees the wizard. mode=sign opens the sign screen of the agreement.
import { useSearchParams } from 'react-router'
import { useAuth } from '../../../lib/auth'
import { FormMessage } from '../../../components/Form'
import { Spinner } from '../../../components/Spinner'
import { ToastProvider } from '../../../components/Toast'
import { errorMessage } from '../../../lib/errors'
import { useContract } from '../api/getContract'
import { useStepBack } from '../api/moveContract'
import { useContractCatalogue } from '../api/catalogue'
import { useContractDocument } from '../api/contractDocument'
import { ContractList } from '../components/ContractList'
import { HelpText } from '../components/HelpText'
import { Preview } from '../components/Preview'
import { SideMenu, type BuilderView } from '../components/SideMenu'
import { SignScreen } from '../components/SignScreen'
import { StartScreen } from '../components/StartScreen'
import { Wizard } from '../components/Wizard'
import { NationScreen } from '../components/NationScreen'
import '../../../app/shell/pages.css'
import '../contracts.css'

const VIEWS: BuilderView[] = ['initiate', 'completed', 'draft', 'awaiting', 'help']

export default function ContractBuilderPage() {
  const { user } = useAuth()
  const landlord = user?.userType !== 'Tenant'
  const [params, setParams] = useSearchParams()
  const asked = params.get('view') as BuilderView | null
  let view: BuilderView = asked && VIEWS.includes(asked) ? asked : landlord ? 'initiate' : 'awaiting'
  if (!landlord && (view === 'initiate' || view === 'draft')) view = 'awaiting'
  const id = params.get('id')
  const mode = params.get('mode')
  const preview = mode === 'preview'
  const contract = useContract(id)
  const catalogue = useContractCatalogue()
  const c = contract.data
  const inWizard = !!c && c.editable && c.step !== 'finished' && !preview
  // A draft in Scotland, Wales or Northern Ireland follows its nation's page (issue 46).
  const inNation = !!c?.nation && c.editable
  const doc = useContractDocument(c && !inWizard && !inNation ? c.id : null)
  const back = useStepBack(c?.id ?? '')

  const go = (next: Record<string, string>) => setParams(next)
  const open = (cid: string) => go({ view, id: cid })

  let main
  if (id) {
    if (contract.isPending) main = <div className="page-loading"><Spinner /></div>
    else if (contract.isError) main = <FormMessage kind="error">{errorMessage(contract.error)}</FormMessage>
    else if (c && c.nation && inNation) main = <NationScreen contract={c} nation={c.nation} />
    else if (c && inWizard) main = <Wizard contract={c} catalogue={catalogue.data} onPreview={() => go({ view, id: c.id, mode: 'preview' })} />
    else if (c && mode === 'sign') main = <SignScreen contractId={c.id} onBack={() => go({ view, id: c.id })} onDone={(completed) => go({ view: completed ? 'completed' : 'awaiting' })} />
    else if (c) main = <Preview contractId={c.id} onSign={() => go({ view, id: c.id, mode: 'sign' })} onEditAnswers={c.editable ? () => (c.step === 'finished' ? back.mutate(undefined, { onSuccess: () => go({ view, id: c.id }) }) : go({ view, id: c.id })) : undefined} />
  } else if (view === 'initiate') {
    // The new draft opens in the wizard with 'Create New' still the menu's entry.
    main = <StartScreen onOpen={(cid) => go({ view: 'initiate', id: cid })} />
  } else if (view === 'help') {
    main = (
      <section className="panel" aria-labelledby="cw-help-title">
        <h1 id="cw-help-title" className="page__title">Help</h1>
        <HelpText />
      </section>
    )
  } else {
    main = <ContractList view={view} landlord={landlord} onOpen={open} onCreate={() => go({ view: 'initiate' })} />
  }

  return (
    <ToastProvider>
      <div className="cw-layout">
        <SideMenu view={view} landlord={landlord} onView={(v) => go({ view: v })} document={!inWizard && !inNation && mode !== 'sign' ? doc.data?.document : undefined} />
        <div className="cw-main">{main}</div>
      </div>
    </ToastProvider>
  )
}
