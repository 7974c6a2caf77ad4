/**
 * Global search: up to SEARCH_LIMIT results per kind, each kind only for callers holding its module and only within
 * their organisation scope. A kind the caller may not see answers an empty list, never an error.
 */
import {
  SEARCH_LIMIT,
  hasPermission,
  type SearchQuery,
  type SearchResult,
  type SearchType,
} from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/types.ts';
import * as repo from './search.repository.ts';

export { SEARCH_LIMIT };

interface KindSearch<K extends SearchType> {
  /** Module the caller must hold to get results of this kind. */
  module: string;
  run(db: Db, args: repo.SearchArgs): Promise<SearchResult[K]>;
}

const KINDS: { [K in SearchType]: KindSearch<K> } = {
  Vehicles: { module: 'vehicle', run: repo.searchVehicles },
  Devices: { module: 'device', run: repo.searchDevices },
  Users: { module: 'user', run: repo.searchUsers },
};

export function createSearchService({ db }: { db: Db }) {
  async function searchKind<K extends SearchType>(
    auth: AuthContext,
    kind: K,
    term: string,
    only?: SearchType,
  ) {
    const def: KindSearch<K> = KINDS[kind];
    if (!term || (only !== undefined && only !== kind)) return [];
    if (!hasPermission(auth.roleName, auth.permissions, def.module)) return [];
    return def.run(db, { orgIds: auth.orgIds, term, limit: SEARCH_LIMIT });
  }

  return {
    async search(auth: AuthContext, query: SearchQuery): Promise<SearchResult> {
      const term = (query.query ?? '').trim();
      const [Devices, Vehicles, Users] = await Promise.all([
        searchKind(auth, 'Devices', term, query.type),
        searchKind(auth, 'Vehicles', term, query.type),
        searchKind(auth, 'Users', term, query.type),
      ]);
      return { Devices, Vehicles, Users };
    },
  };
}
