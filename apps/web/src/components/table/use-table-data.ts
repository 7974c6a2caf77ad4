/** The rows of the current page in either mode, with loading and error state. */
import type { ListQuery } from '@civicfleet/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { pageRows, searchRows, sortRows } from './client-rows';
import type { ClientModeProps, ResultsTableColumn, ServerModeProps } from './types';

export type TableSource<T> = ClientModeProps<T> | ServerModeProps<T>;

export const isServerSource = <T>(source: TableSource<T>): source is ServerModeProps<T> =>
  typeof source.query === 'function';

export interface TableData<T> {
  rows: T[];
  total: number;
  /** First load: nothing to show yet. */
  isLoading: boolean;
  /** A later page is on its way (the previous one stays on screen). */
  isFetching: boolean;
  error: unknown;
  retry: (() => void) | undefined;
  /** Client mode: every row matching the search, sorted (what an export writes). */
  matchingRows: T[] | undefined;
}

/** The value after it stopped changing for `delayMs` (search-as-you-type without a request per key). */
export function useDebouncedValue<V>(value: V, delayMs: number): V {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

export function useTableData<T>(
  source: TableSource<T>,
  columns: ResultsTableColumn<T>[],
  query: ListQuery,
): TableData<T> {
  const server = isServerSource(source) ? source : undefined;
  const result = useQuery({
    queryKey: [...(server?.queryKey ?? ['results-table', 'client']), query],
    queryFn: () => {
      if (!server) throw new Error('The table has no query');
      return server.query(query);
    },
    enabled: server !== undefined,
    placeholderData: keepPreviousData,
  });

  const clientRows = server ? undefined : source.rows;
  const matchingRows = useMemo(
    () =>
      clientRows &&
      sortRows(
        searchRows(clientRows, columns, query.search ?? ''),
        columns,
        query.sortBy ? { sortBy: query.sortBy, sortOrder: query.sortOrder } : undefined,
      ),
    [clientRows, columns, query.search, query.sortBy, query.sortOrder],
  );

  if (server) {
    return {
      rows: result.data?.items ?? [],
      total: result.data?.total ?? 0,
      isLoading: result.isPending,
      isFetching: result.isFetching,
      error: result.error ?? undefined,
      retry: () => void result.refetch(),
      matchingRows: undefined,
    };
  }
  const client = source as ClientModeProps<T>;
  const all = matchingRows ?? [];
  return {
    rows: pageRows(all, query.page, query.pageSize),
    total: all.length,
    isLoading: client.isLoading === true && client.rows.length === 0,
    isFetching: client.isLoading === true,
    error: client.error ?? undefined,
    retry: client.onRetry,
    matchingRows: all,
  };
}
