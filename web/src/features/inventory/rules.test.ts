import { describe, expect, it } from 'vitest'
import type { InventoryRoom } from './api/keys'
import { addItem, addRoom, duplicateRoom, itemsForRoom, sectionsFor, withPhotos, emptyData } from './rules'

const names = (rooms: InventoryRoom[]) => rooms.map((r) => `${r.tag}#${r.id}`)

describe('room picker naming and order', () => {
  it('gives the first of a name counter 0 and its plain name, duplicates the next counter', () => {
    let rooms: InventoryRoom[] = []
    rooms = addRoom(rooms, 'Bedroom').rooms
    rooms = addRoom(rooms, 'Kitchen').rooms
    rooms = addRoom(rooms, 'Bedroom').rooms
    rooms = addRoom(rooms, 'Bathroom').rooms
    rooms = addRoom(rooms, 'Bedroom').rooms
    expect(names(rooms)).toEqual(['Bathroom#0', 'Bedroom#0', 'Bedroom 2#2', 'Bedroom 3#3', 'Kitchen#0'])
  })

  it('never reuses a counter after a delete and sorts 10 after 9', () => {
    let rooms: InventoryRoom[] = []
    for (let i = 0; i < 10; i++) rooms = addRoom(rooms, 'Bedroom').rooms
    expect(rooms.map((r) => r.tag).slice(-2)).toEqual(['Bedroom 9', 'Bedroom 10'])
    rooms = rooms.filter((r) => r.tag !== 'Bedroom 3')
    const { room } = addRoom(rooms, 'Bedroom')
    expect(room.tag).toBe('Bedroom 11')
  })

  it('duplicates a room with its items but not its photos', () => {
    let { rooms } = addRoom([], 'Kitchen')
    rooms = [{ ...rooms[0], overview: { rating: 'Fine', description: 'ok', photos: ['a.jpg'] }, items: addItem([], 'Sink').items }]
    const { room, rooms: after } = duplicateRoom(rooms, rooms[0])
    expect(room.tag).toBe('Kitchen 2')
    expect(room.overview).toEqual({ rating: 'Fine', description: 'ok', photos: [] })
    expect(room.items.map((i) => i.name)).toEqual(['Sink'])
    expect(after).toHaveLength(2)
  })

  it('names duplicate items the same way', () => {
    let items = addItem([], 'Light').items
    items = addItem(items, 'Door Internal').items
    items = addItem(items, 'Light').items
    expect(items.map((i) => i.tag)).toEqual(['Door Internal', 'Light', 'Light 2'])
  })
})

describe('catalogue and sections', () => {
  it('offers only the items listing the room name', () => {
    const cat = { items: [
      { name: 'Oven', rooms: ['Kitchen'], appliance: true, description: [], disputeAvoidance: [] },
      { name: 'Light', rooms: ['Kitchen', 'Bedroom'], appliance: false, description: [], disputeAvoidance: [] },
    ] }
    expect(itemsForRoom(cat, 'Bedroom').map((i) => i.name)).toEqual(['Light'])
    expect(itemsForRoom(cat, 'Kitchen').map((i) => i.name)).toEqual(['Oven', 'Light'])
  })

  it('shows documents and check-in only on check-in reports, check-out only on check-out reports', () => {
    expect(sectionsFor('Check-in Report')).toContain('documents')
    expect(sectionsFor('Check-in Report')).toContain('checkin')
    expect(sectionsFor('Check-in Report')).not.toContain('checkout')
    expect(sectionsFor('Check-out Report')).toContain('checkout')
    expect(sectionsFor('Check-out Report')).not.toContain('documents')
    expect(sectionsFor('Inventory')).not.toContain('checkin')
  })

  it('puts an uploaded photo where it was taken', () => {
    let d = emptyData()
    d = { ...d, insideProperty: addRoom([], 'Bedroom').rooms }
    d = withPhotos(d, { kind: 'room', side: 'inside', room: 'Bedroom' }, (n) => [...n, 'p.jpg'])
    expect(d.insideProperty[0].overview.photos).toEqual(['p.jpg'])
    d = withPhotos(d, { kind: 'cover' }, (n) => [...n, 'c.jpg'])
    expect(d.settings.coverPhoto).toBe('c.jpg')
  })
})
