/**
 * Server-paged lists, as the console's results table asks for them (spec 01 §9, spec 02 §9: 10 rows by default,
 * options 5/10/15 in the generic table and 5/10/25/50/100 in the results table). Query strings are coerced, so the
 * same schema validates `?page=2&pageSize=25` on the server and builds the query in the console.
 *
 * Every management list uses this shape; the server builds their SQL in one place (apps/server/src/db/list-query.ts:
 * searchable columns, a whitelist of sort keys — anything else is a 400 "Invalid sort field: <name>" —, LIMIT/OFFSET
 * and count(*) over the same WHERE). Only the live status board GET /vehicle/statuses still takes envelope.ts
 * `PageQuerySchema` (0-based page, up to 5,000 rows a page for the live screen).
 */
import { z } from 'zod';

export const LIST_PAGE_SIZES = [5, 10, 15, 25, 50, 100] as const;
export type ListPageSize = (typeof LIST_PAGE_SIZES)[number];
export const DEFAULT_LIST_PAGE_SIZE: ListPageSize = 10;
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const ListQuerySchema = z.object({
  /** 1-based. */
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .pipe(z.literal(LIST_PAGE_SIZES, `The page size must be one of ${LIST_PAGE_SIZES.join(', ')}`))
    .default(DEFAULT_LIST_PAGE_SIZE),
  /** Case-insensitive substring over the list's searchable fields; blank means none. */
  search: z.preprocess(emptyToUndefined, z.string().trim().max(200).optional()),
  /** A column key the route allows sorting by (the route checks it against its own list). */
  sortBy: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z][\w.]{0,63}$/, 'Invalid sort field')
      .optional(),
  ),
  sortOrder: z.preprocess(emptyToUndefined, z.enum(SORT_ORDERS).default('asc')),
});
export type ListQuery = z.infer<typeof ListQuerySchema>;
/** What a caller passes before defaults apply (page and page size may be left out). */
export type ListQueryInput = z.input<typeof ListQuerySchema>;

/** One page of a server-paged list. `total` counts every matching item, not just this page. */
export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export function listPageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
}

/** Items `offset … offset + limit` of a query, for repositories. */
export function listOffset(query: Pick<ListQuery, 'page' | 'pageSize'>): { offset: number; limit: number } {
  return { offset: (query.page - 1) * query.pageSize, limit: query.pageSize };
}
