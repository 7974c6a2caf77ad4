import { z } from 'zod';

/** Global search (spec 01 §2.9, §3 "Search results"). Results arrive with the management issue. */
export const SEARCH_TYPES = ['Vehicles', 'Devices', 'Users'] as const;
export const SearchQuerySchema = z.object({
  q: z.string().max(200).default(''),
  type: z.enum(SEARCH_TYPES).optional(),
});
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
