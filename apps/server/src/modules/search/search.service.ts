/**
 * Global search: up to SEARCH_LIMIT results per kind, each kind only for callers holding its module and only within
 * their organisation scope. A kind the caller may not see answers an empty list, never an error.
 */
import { hasPermission, type SEARCH_TYPES, type SearchResult } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/types.ts';
import * as repo from './search.repository.ts';

export const SEARCH_LIMIT = 20;

type SearchKind = (typeof SEARCH_TYPES)[number];

interface KindSearch<K extends SearchKind> {
  /** Module the caller must hold to get results of this kind. */
  module: string;
  run(db: Db, args: repo.SearchArgs): Promise<SearchResult[K]>;
}

const KINDS: { [K in SearchKind]: KindSearch<K> } = {
  Vehicles: { module: 'vehicle', run: repo.searchVehicles },
  Devices: { module: 'device', run: repo.searchDevices },
  Users: { module: 'user', run: repo.searchUsers },
};

export function createSearchService({ db }: { db: Db }) {
  async function searchKind<K extends SearchKind>(
    auth: AuthContext,
    kind: K,
    term: string,
    only?: SearchKind,
  ) {
    const def: KindSearch<K> = KINDS[kind];
    if (!term || (only !== undefined && only !== kind)) return [];
    if (!hasPermission(auth.roleName, auth.permissions, def.module)) return [];
    return def.run(db, { orgIds: auth.orgIds, term, limit: SEARCH_LIMIT });
  }

  return {
    async search(auth: AuthContext, q: string, type?: SearchKind): Promise<SearchResult> {
      const term = q.trim();
      const [Vehicles, Devices, Users] = await Promise.all([
        searchKind(auth, 'Vehicles', term, type),
        searchKind(auth, 'Devices', term, type),
        searchKind(auth, 'Users', term, type),
      ]);
      return { Vehicles, Devices, Users };
    },
  };
}
