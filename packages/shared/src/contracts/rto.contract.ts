/**
 * Reference data: India's states and union territories with their vehicle registration codes, and the RTOs of each
 * (spec 02 §3 "RTO list response": an object keyed by state code with a `no` map of RTO code to name; §7 "RTO: GET
 * with state filter; a state list GET without filter"). The vehicle's `rtoCode` is `<state>_<code>` (e.g. `MP_09`).
 */
import { z } from 'zod';

/** 28 states and 8 union territories, by registration code (Telangana: TG since 2024; Odisha: OD). */
export const INDIAN_STATES = [
  { code: 'AP', name: 'Andhra Pradesh', kind: 'STATE' },
  { code: 'AR', name: 'Arunachal Pradesh', kind: 'STATE' },
  { code: 'AS', name: 'Assam', kind: 'STATE' },
  { code: 'BR', name: 'Bihar', kind: 'STATE' },
  { code: 'CG', name: 'Chhattisgarh', kind: 'STATE' },
  { code: 'GA', name: 'Goa', kind: 'STATE' },
  { code: 'GJ', name: 'Gujarat', kind: 'STATE' },
  { code: 'HR', name: 'Haryana', kind: 'STATE' },
  { code: 'HP', name: 'Himachal Pradesh', kind: 'STATE' },
  { code: 'JH', name: 'Jharkhand', kind: 'STATE' },
  { code: 'KA', name: 'Karnataka', kind: 'STATE' },
  { code: 'KL', name: 'Kerala', kind: 'STATE' },
  { code: 'MP', name: 'Madhya Pradesh', kind: 'STATE' },
  { code: 'MH', name: 'Maharashtra', kind: 'STATE' },
  { code: 'MN', name: 'Manipur', kind: 'STATE' },
  { code: 'ML', name: 'Meghalaya', kind: 'STATE' },
  { code: 'MZ', name: 'Mizoram', kind: 'STATE' },
  { code: 'NL', name: 'Nagaland', kind: 'STATE' },
  { code: 'OD', name: 'Odisha', kind: 'STATE' },
  { code: 'PB', name: 'Punjab', kind: 'STATE' },
  { code: 'RJ', name: 'Rajasthan', kind: 'STATE' },
  { code: 'SK', name: 'Sikkim', kind: 'STATE' },
  { code: 'TN', name: 'Tamil Nadu', kind: 'STATE' },
  { code: 'TG', name: 'Telangana', kind: 'STATE' },
  { code: 'TR', name: 'Tripura', kind: 'STATE' },
  { code: 'UP', name: 'Uttar Pradesh', kind: 'STATE' },
  { code: 'UK', name: 'Uttarakhand', kind: 'STATE' },
  { code: 'WB', name: 'West Bengal', kind: 'STATE' },
  { code: 'AN', name: 'Andaman and Nicobar Islands', kind: 'UT' },
  { code: 'CH', name: 'Chandigarh', kind: 'UT' },
  { code: 'DD', name: 'Dadra and Nagar Haveli and Daman and Diu', kind: 'UT' },
  { code: 'DL', name: 'Delhi', kind: 'UT' },
  { code: 'JK', name: 'Jammu and Kashmir', kind: 'UT' },
  { code: 'LA', name: 'Ladakh', kind: 'UT' },
  { code: 'LD', name: 'Lakshadweep', kind: 'UT' },
  { code: 'PY', name: 'Puducherry', kind: 'UT' },
] as const satisfies ReadonlyArray<{ code: string; name: string; kind: 'STATE' | 'UT' }>;
export type IndianStateCode = (typeof INDIAN_STATES)[number]['code'];
export const INDIAN_STATE_CODES = INDIAN_STATES.map((s) => s.code) as [IndianStateCode, ...IndianStateCode[]];

export const StateSchema = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(['STATE', 'UT']),
});
export type State = z.infer<typeof StateSchema>;

/** `{ MP: { no: { '04': 'Bhopal', '09': 'Indore' } } }` */
export const RtoListSchema = z.record(z.string(), z.object({ no: z.record(z.string(), z.string()) }));
export type RtoList = z.infer<typeof RtoListSchema>;

const STATE_MESSAGE = 'The state must be a state or union territory code such as MP';

export const RtoQuerySchema = z.object({
  state: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() || undefined : v),
    z.enum(INDIAN_STATE_CODES, STATE_MESSAGE).optional(),
  ),
});
export type RtoQuery = z.infer<typeof RtoQuerySchema>;

/**
 * POST /rto/import (SUPER_ADMIN): CSV text with a header `state,code,name` (any order, case-insensitive). Existing
 * (state, code) pairs get the new name; at most 5,000 rows.
 */
export const RtoImportInputSchema = z.object({ csv: z.string().min(1, 'The CSV is empty').max(1_000_000) });
export type RtoImportInput = z.infer<typeof RtoImportInputSchema>;

export const RtoImportResultSchema = z.object({
  inserted: z.number().int(),
  updated: z.number().int(),
  /** Rows refused, by 1-based line number of the CSV. */
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
});
export type RtoImportResult = z.infer<typeof RtoImportResultSchema>;
