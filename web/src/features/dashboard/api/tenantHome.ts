// GET /api/me/home: the signed-in tenant's home (issue 27), gathered and
// permission-checked on the server.
import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import type { components } from '../../../lib/api-schema'

export type TenantHome = components['schemas']['TenantHome']
export type TenantTenancy = components['schemas']['TenantTenancy']

export const tenantHomeKey = ['me', 'home'] as const

export function useTenantHome() {
  return useQuery({
    queryKey: tenantHomeKey,
    queryFn: async ({ signal }) => unwrap(api.GET('/api/me/home', { signal })),
    // Signing elsewhere changes it: read it afresh each time the home opens.
    refetchOnMount: 'always',
  })
}
