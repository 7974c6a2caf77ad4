/** The organisation's ward shapes (GET /v1/admin-divisions, module `admin-division`): map context and the ward filter. */
import { AdminDivisionSchema, type AdminDivision } from '@civicfleet/shared';
import { z } from 'zod';
import { apiRequest } from '@/api/client';

export function wardsQuery(organisationId: string | undefined, withGeometry: boolean) {
  return {
    queryKey: ['admin-divisions', 'WARD', organisationId, withGeometry ? 'shapes' : 'names'] as const,
    queryFn: (): Promise<AdminDivision[]> =>
      apiRequest({
        method: 'GET',
        path: '/admin-divisions',
        query: { type: 'WARD', organisationId, ...(withGeometry ? { withGeometry: 'true' } : {}) },
        schema: z.array(AdminDivisionSchema),
      }),
    staleTime: 5 * 60_000,
  };
}
