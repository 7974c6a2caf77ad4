/** `a, b, c` lists for `in (…)` in the report queries (callers never pass an empty list). */
import { sql, type SQL } from 'drizzle-orm';
import type { ReportVehicle } from './types.ts';

/** Ids as bigint parameters; string ids (from filters) are converted. */
export const sqlIdList = (ids: readonly (bigint | string)[]): SQL =>
  sql.join(
    ids.map((id) => sql`${typeof id === 'string' ? BigInt(id) : id}`),
    sql`, `,
  );

/** The ids of a chunk's vehicles. */
export const vehicleIdList = (vehicles: readonly ReportVehicle[]): SQL =>
  sqlIdList(vehicles.map((v) => v.id));
