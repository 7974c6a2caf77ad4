/**
 * Organisation picker options: the caller's subtree as GET /v1/organisation answers it (server search over trade and
 * brand names). Keyed under ['organisations'] so that a change to organisations refreshes every picker.
 */
import { OrganisationPageSchema } from '@civicfleet/shared';
import { apiRequest } from './client';

/** How many matches a picker shows; the search narrows further. */
export const ORGANISATION_OPTIONS_LIMIT = 100;

/** "Trade name (brand)" when there is a brand, as every picker shows an organisation. */
export function toOrganisationOption(o: { id: string; tradeName: string; brandName: string | null }) {
  return {
    id: o.id,
    label: o.brandName && o.brandName !== o.tradeName ? `${o.tradeName} (${o.brandName})` : o.tradeName,
  };
}

export function organisationOptionsQuery(search: string) {
  return {
    queryKey: ['organisations', 'options', search] as const,
    queryFn: async () => {
      const page = await apiRequest({
        method: 'GET',
        path: '/organisation',
        query: {
          search: search || undefined,
          pageSize: ORGANISATION_OPTIONS_LIMIT,
          sortBy: 'tradeName',
          sortOrder: 'asc',
        },
        schema: OrganisationPageSchema,
      });
      return page.items.map(toOrganisationOption);
    },
  };
}
