import { z } from 'zod';

/**
 * GET /v1/search?query=&type= — the header's global search (spec 01 §2.9, §3 "Search results"): up to SEARCH_LIMIT
 * results per kind, within the caller's organisations. Matching (indexed on both engines, see search.repository.ts):
 * IMEI, ICCID, registration number and phone match at their start or end; names and e-mail at their start (first
 * name, last name, full name, e-mail, e-mail domain). Case, spaces and dashes do not matter.
 */
export const SEARCH_TYPES = ['Vehicles', 'Devices', 'Users'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const SEARCH_LIMIT = 20;
export const SearchQuerySchema = z.object({
  query: z.string().max(200).optional(),
  type: z.enum(SEARCH_TYPES).optional(),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;
export const SearchResultSchema = z.object({
  Devices: z.array(
    z.object({
      id: z.string(),
      name: z.string().nullable(),
      imei: z.string(),
      iccid: z.string().nullable(),
      eSimProvider: z.string().nullable(),
      active: z.boolean(),
      organisation: z.object({ brandName: z.string().nullable() }),
    }),
  ),
  Vehicles: z.array(
    z.object({
      id: z.string(),
      name: z.string().nullable(),
      registrationNumber: z.string(),
      imei: z.string().nullable(),
      isTrackingActivated: z.boolean(),
      owner: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
      organisation: z.object({ brandName: z.string().nullable() }),
    }),
  ),
  Users: z.array(
    z.object({
      id: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      phone: z.string().nullable(),
      email: z.string().nullable(),
      isEnabled: z.boolean(),
      role: z.object({ name: z.string() }),
      organisation: z.object({ brandName: z.string().nullable() }),
    }),
  ),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;
