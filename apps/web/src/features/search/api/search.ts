/** GET /v1/search?query=&type= (spec 01 §2.9, contract in packages/shared search.contract.ts). */
import { SearchResultSchema, type SEARCH_TYPES, type SearchResult } from '@civicfleet/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';

export type SearchType = (typeof SEARCH_TYPES)[number];

export interface SearchInput {
  query: string;
  type?: SearchType;
}

export function searchAll({ query, type }: SearchInput): Promise<SearchResult> {
  return apiRequest({ method: 'GET', path: '/search', query: { query, type }, schema: SearchResultSchema });
}

/** A search runs when the user presses Enter (no minimum length), so it is a mutation rather than a cached query. */
export function useSearch(onError: (error: unknown) => void) {
  return useMutation({ mutationFn: searchAll, onError });
}
