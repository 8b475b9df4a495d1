import { describe, expect, it } from 'vitest'
import { TOOLS, activeTool, toolsFor } from './tools'
import type { User } from '../../lib/api'

const user = (userType: User['userType'], role: User['role'] = 'User') => ({ id: 'u', email: 'a@b.c', fullName: 'A B', userType, role }) as User

describe('the tool menu collected from the features', () => {
  it('lists every feature tool once, in the spec order', () => {
    expect(TOOLS.map((t) => t.key)).toEqual([
      'home', 'reference-check', 'news', 'contracts', 'inventory', 'wallet', 'calendar', 'listings', 'documents', 'maintenance', 'profile', 'admin',
    ])
  })
  it('shows the wallet to landlords only and admin to admins only', () => {
    expect(toolsFor(user('Tenant')).map((t) => t.key)).not.toContain('wallet')
    expect(toolsFor(user('Landlord')).map((t) => t.key)).toContain('wallet')
    expect(toolsFor(user('Landlord')).map((t) => t.key)).not.toContain('admin')
    expect(toolsFor(user('Tenant', 'Admin')).map((t) => t.key)).toContain('admin')
  })
  it('gives a tenant their home and no landlord tools (issue 27)', () => {
    const keys = toolsFor(user('Tenant')).map((t) => t.key)
    expect(keys[0]).toBe('home')
    for (const k of ['reference-check', 'wallet', 'documents']) expect(keys).not.toContain(k)
    expect(toolsFor(user('Landlord')).map((t) => t.key)).not.toContain('home')
    expect(activeTool('/dashboard', user('Tenant'))?.name).toBe('My home')
    expect(activeTool('/dashboard', user('Landlord'))?.name).toBe('Reference Check')
  })
  it('highlights the tool of a path and its sub-paths', () => {
    expect(activeTool('/DetailPage/42')?.key).toBe('listings')
    expect(activeTool('/documents/menu')?.key).toBe('documents')
    expect(activeTool('/nowhere')).toBeUndefined()
  })
  it('names a page after a tool only for a user who has that tool (issue 27: no Admin title over the 404)', () => {
    expect(activeTool('/admin', user('Landlord'))).toBeUndefined()
    expect(activeTool('/admin', user('Landlord', 'Admin'))?.key).toBe('admin')
    expect(activeTool('/wallet', user('Tenant'))).toBeUndefined()
    expect(activeTool('/wallet', user('Landlord'))?.key).toBe('wallet')
  })
})
