// Inside / Outside Property (the rooms and spaces), a room (its condition and
// items), and an item (its Description and Dispute Avoidance groups, notes
// and photos). Spec 3 section 2, steps 2-4.
import { useState } from 'react'
import { Check, Plus } from 'lucide-react'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { Dialog } from '../../../components/Dialog'
import type { Condition, InventoryGroup, InventoryRoom, RoomItem } from '../api/keys'
import { addItem, addRoom, duplicateItem, duplicateRoom, itemsForRoom, sideKey, type Side } from '../rules'
import { ConditionEditor } from './ConditionEditor'
import { useEditor } from './editorContext'
import { PhotoSet } from './Photos'
import { ActionRow } from './RowActions'

const SIDE_TITLE: Record<Side, string> = { inside: 'Inside Property', outside: 'Outside Property' }

export function RoomsScreen({ side }: { side: Side }) {
  const { data, update, catalogue, go, back } = useEditor()
  const key = sideKey(side)
  const rooms = data[key]
  const [picking, setPicking] = useState(false)
  const [doomed, setDoomed] = useState<InventoryRoom | null>(null)
  const choices = (side === 'inside' ? catalogue?.inside : catalogue?.outside) ?? []
  const section = side

  const pick = (name: string) => {
    update((d) => ({ ...d, [key]: addRoom(d[key], name).rooms }))
    setPicking(false)
  }

  return (
    <section className="inv-screen" aria-labelledby="inv-rooms-title">
      <h1 id="inv-rooms-title" className="page__title">{SIDE_TITLE[side]}</h1>
      {rooms.length === 0 ? <p className="inv-muted">No rooms or spaces yet.</p> : null}
      <ul className="inv-rows" aria-label="Rooms and spaces">
        {rooms.map((r) => (
          <ActionRow key={r.tag} name={r.tag} onOpen={() => go({ section, room: r.tag })}
            actions={[
              { label: 'Duplicate', onSelect: () => update((d) => ({ ...d, [key]: duplicateRoom(d[key], r).rooms })) },
              { label: 'Delete', danger: true, onSelect: () => setDoomed(r) },
            ]}>
            <span>{r.tag}</span>
            <span className="inv-muted">{r.items.length} item{r.items.length === 1 ? '' : 's'}</span>
            {r.done ? <Check aria-label="Done" size={18} className="inv-tick" /> : null}
          </ActionRow>
        ))}
      </ul>
      <button type="button" className="button button--outline button--block" onClick={() => setPicking(true)}>
        <Plus aria-hidden size={18} /> Add room or space
      </button>
      <button type="button" className="button button--block inv-screen__done" onClick={back}>
        {side === 'inside' ? 'Complete inside inspection' : 'Complete outside inspection'}
      </button>
      <Dialog open={picking} onClose={() => setPicking(false)} title="Rooms and Spaces">
        <ul className="inv-picker">
          {choices.map((name) => (
            <li key={name}>
              <button type="button" className="inv-picker__item" onClick={() => pick(name)}>{name}</button>
            </li>
          ))}
        </ul>
      </Dialog>
      <ConfirmDialog open={!!doomed} confirmLabel="Delete" danger busy={false} onCancel={() => setDoomed(null)}
        onConfirm={() => {
          const tag = doomed?.tag
          update((d) => ({ ...d, [key]: d[key].filter((r) => r.tag !== tag) }))
          setDoomed(null)
        }}>
        <p>Are you sure you want to delete {doomed?.tag} and all the data attached to it?</p>
      </ConfirmDialog>
    </section>
  )
}

/** patchRoom changes one room of a side in the latest data. */
function usePatchRoom(side: Side, tag: string) {
  const { update } = useEditor()
  const key = sideKey(side)
  return (change: (r: InventoryRoom) => InventoryRoom) => update((d) => ({ ...d, [key]: d[key].map((r) => (r.tag === tag ? change(r) : r)) }))
}

export function RoomScreen({ side, tag }: { side: Side; tag: string }) {
  const { data, catalogue, go, back } = useEditor()
  const room = data[sideKey(side)].find((r) => r.tag === tag)
  const patch = usePatchRoom(side, tag)
  const [adding, setAdding] = useState(false)
  const [doomed, setDoomed] = useState<RoomItem | null>(null)
  if (!room) return <p className="inv-muted">This room is no longer in the report.</p>
  const offered = itemsForRoom(catalogue, room.name)

  return (
    <section className="inv-screen" aria-labelledby="inv-room-title">
      <h1 id="inv-room-title" className="page__title">{SIDE_TITLE[side]} &gt; {room.tag}</h1>
      <ConditionEditor value={room.overview} label={room.tag} target={{ kind: 'room', side, room: tag }}
        onChange={(p: Partial<Condition>) => patch((r) => ({ ...r, overview: { ...r.overview, ...p } }))} />
      <h2 className="inv-subtitle">Items</h2>
      {room.items.length === 0 ? <p className="inv-muted">No items yet.</p> : null}
      <ul className="inv-rows" aria-label="Items">
        {room.items.map((it) => (
          <ActionRow key={it.tag} name={it.tag} onOpen={() => go({ section: side, room: tag, item: it.tag })}
            actions={[
              { label: 'Duplicate', onSelect: () => patch((r) => ({ ...r, items: duplicateItem(r.items, it).items })) },
              { label: 'Delete', danger: true, onSelect: () => setDoomed(it) },
            ]}>
            <span>{it.tag}</span>
            {it.completed ? <Check aria-label="Completed" size={18} className="inv-tick" /> : null}
          </ActionRow>
        ))}
      </ul>
      <button type="button" className="button button--outline button--block" onClick={() => setAdding(true)}>
        <Plus aria-hidden size={18} /> ADD ITEM
      </button>
      <button type="button" className="button button--block inv-screen__done" onClick={() => { patch((r) => ({ ...r, done: true })); back() }}>
        Save room
      </button>
      <Dialog open={adding} onClose={() => setAdding(false)} title={`Items for ${room.name}`}>
        {offered.length === 0 ? <p className="inv-muted">No items are offered for this room.</p> : null}
        <ul className="inv-picker" aria-label="Items offered">
          {offered.map((ci) => (
            <li key={ci.name}>
              <button type="button" className="inv-picker__item" onClick={() => { patch((r) => ({ ...r, items: addItem(r.items, ci.name).items })); setAdding(false) }}>
                {ci.name}
              </button>
            </li>
          ))}
        </ul>
      </Dialog>
      <ConfirmDialog open={!!doomed} confirmLabel="Delete" danger busy={false} onCancel={() => setDoomed(null)}
        onConfirm={() => {
          const t = doomed?.tag
          patch((r) => ({ ...r, items: r.items.filter((i) => i.tag !== t) }))
          setDoomed(null)
        }}>
        <p>Are you sure you want to delete {doomed?.tag} and all the data attached to it?</p>
      </ConfirmDialog>
    </section>
  )
}

type Part = 'description' | 'disputeAvoidance'

function GroupField({ group, values, ageBands, onChange }: { group: InventoryGroup; values: string[]; ageBands: string[]; onChange: (v: string[]) => void }) {
  const options = group.ageBands ? ageBands : group.options ?? []
  const others = values.filter((v) => !options.includes(v))
  const [other, setOther] = useState(others.join(', '))
  // The Other box shows only once Other is chosen (issue 26: one under every
  // question made an item screen some 2,500 px tall on a phone).
  const [otherOn, setOtherOn] = useState(others.length > 0)
  const picked = values.filter((v) => options.includes(v))
  const setAll = (p: string[], o: string) => {
    const extra = o.split(',').map((x) => x.trim()).filter(Boolean)
    onChange([...p, ...extra])
  }
  if (group.free && options.length === 0) {
    return (
      <div className="field">
        <label htmlFor={`g-${group.name}`}>{group.name}</label>
        <input id={`g-${group.name}`} value={values.join(', ')} maxLength={200}
          onChange={(e) => onChange(e.target.value.trim() ? [e.target.value] : [])} />
      </div>
    )
  }
  return (
    <details className="inv-group">
      <summary>
        {group.name}
        {values.length ? <span className="inv-muted">: {values.join(', ')}</span> : null}
      </summary>
      <div className="inv-chips" role="group" aria-label={group.name}>
        {options.map((o) => {
          const on = picked.includes(o)
          return (
            <button key={o} type="button" className={`inv-chip${on ? ' is-active' : ''}`} aria-pressed={on}
              onClick={() => setAll(on ? picked.filter((x) => x !== o) : [...picked, o], other)}>
              {o}
            </button>
          )
        })}
        {!group.ageBands && !options.includes('Other') ? (
          <button type="button" className={`inv-chip${otherOn ? ' is-active' : ''}`} aria-pressed={otherOn}
            onClick={() => {
              if (otherOn) { setOther(''); setAll(picked, '') }
              setOtherOn(!otherOn)
            }}>
            Other
          </button>
        ) : null}
      </div>
      {!group.ageBands && otherOn ? (
        <div className="field">
          <label htmlFor={`g-${group.name}-other`}>Other {group.name.toLowerCase()}</label>
          <input id={`g-${group.name}-other`} value={other} maxLength={200}
            onChange={(e) => { setOther(e.target.value); setAll(picked, e.target.value) }} />
        </div>
      ) : null}
    </details>
  )
}

export function ItemScreen({ side, room: roomTag, tag }: { side: Side; room: string; tag: string }) {
  const { data, catalogue, back } = useEditor()
  const patchRoom = usePatchRoom(side, roomTag)
  const room = data[sideKey(side)].find((r) => r.tag === roomTag)
  const item = room?.items.find((i) => i.tag === tag)
  if (!room || !item) return <p className="inv-muted">This item is no longer in the report.</p>
  const ci = catalogue?.items.find((c) => c.name === item.name)
  const patch = (change: (i: RoomItem) => RoomItem) => patchRoom((r) => ({ ...r, items: r.items.map((i) => (i.tag === tag ? change(i) : i)) }))
  const setGroup = (part: Part, name: string, values: string[]) =>
    patch((i) => {
      const next = { ...i[part] }
      if (values.length) next[name] = values
      else delete next[name]
      return { ...i, [part]: next }
    })

  return (
    <section className="inv-screen" aria-labelledby="inv-item-title">
      <h1 id="inv-item-title" className="page__title">{room.tag} &gt; {item.tag}</h1>
      <ConditionEditor ratingOnly value={item.overview ?? { rating: '', description: '', photos: [] }} label={item.tag} target={{ kind: 'item', side, room: roomTag, item: tag }}
        onChange={(p) => patch((i) => ({ ...i, overview: { ...(i.overview ?? { rating: '', description: '', photos: [] }), ...p } }))} />
      {([['description', 'Description'], ['disputeAvoidance', 'Dispute Avoidance']] as Array<[Part, string]>).map(([part, title]) => (
        <details key={part} className="inv-groups" open>
          <summary className="inv-subtitle">{title}</summary>
          {(part === 'description' ? ci?.description : ci?.disputeAvoidance)?.map((g) => (
            <GroupField key={g.name} group={g} values={item[part][g.name] ?? []} ageBands={catalogue?.ageBands ?? []} onChange={(v) => setGroup(part, g.name, v)} />
          ))}
        </details>
      ))}
      <div className="field">
        <label htmlFor="inv-item-notes">Notes</label>
        <textarea id="inv-item-notes" rows={3} maxLength={5000} value={item.notes} onChange={(e) => { const v = e.target.value; patch((i) => ({ ...i, notes: v })) }} />
      </div>
      <PhotoSet target={{ kind: 'item', side, room: roomTag, item: tag }} names={item.photos} label={`${item.tag} photos`}
        onRemove={(n) => patch((i) => ({ ...i, photos: i.photos.filter((x) => x !== n) }))} />
      <button type="button" className="button button--block inv-screen__done" onClick={() => { patch((i) => ({ ...i, completed: true })); back() }}>
        complete area inspection
      </button>
    </section>
  )
}
