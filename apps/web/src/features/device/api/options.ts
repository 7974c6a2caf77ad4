/** Organisation picker options: the caller's subtree (GET /v1/organisation, server search). */
import { OrganisationPageSchema } from '@civicfleet/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';

export interface PickerOption {
  id: string;
  label: string;
}

/** Up to 100 organisations matching `search` (trade or brand name), for an autocomplete. */
export function useOrganisationOptions(search: string, isEnabled = true) {
  return useQuery({
    queryKey: ['organisations', 'options', search],
    queryFn: () =>
      apiRequest({
        method: 'GET',
        path: '/organisation',
        query: { search: search.trim() || undefined, pageSize: 100, sortBy: 'tradeName' },
        schema: OrganisationPageSchema,
      }),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
    select: (page): PickerOption[] =>
      page.items.map((o) => ({
        id: o.id,
        label: o.brandName ? `${o.tradeName} (${o.brandName})` : o.tradeName,
      })),
  });
}
