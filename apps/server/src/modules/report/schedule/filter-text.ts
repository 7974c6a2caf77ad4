/** A schedule's filter as "Label: value" lines for the mail body, with names instead of ids. */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { adminDivisions, groups, organisations, vehicles } from '../../../db/schema/index.ts';

export interface FilterLine {
  label: string;
  value: string;
}

const LABELS: Record<string, string> = {
  organisationId: 'Organisation',
  groupId: 'Group',
  models: 'Vehicle Type',
  zoneIds: 'Zone',
  wardIds: 'Ward',
  vehicleId: 'Vehicle',
};

const asIds = (value: unknown): bigint[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value])
    .filter((v): v is string => typeof v === 'string' && /^\d+$/.test(v))
    .map(BigInt);

async function namesOf(db: Db, key: string, ids: bigint[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  let rows: Array<{ id: bigint; name: string }> = [];
  if (key === 'organisationId')
    rows = await db
      .select({ id: organisations.id, name: organisations.tradeName })
      .from(organisations)
      .where(inArray(organisations.id, ids));
  else if (key === 'groupId')
    rows = await db.select({ id: groups.id, name: groups.name }).from(groups).where(inArray(groups.id, ids));
  else if (key === 'vehicleId')
    rows = await db
      .select({ id: vehicles.id, name: vehicles.registrationNumber })
      .from(vehicles)
      .where(inArray(vehicles.id, ids));
  else
    rows = await db
      .select({ id: adminDivisions.id, name: adminDivisions.name })
      .from(adminDivisions)
      .where(inArray(adminDivisions.id, ids));
  return new Map(rows.map((r) => [String(r.id), r.name]));
}

/** Known base filters by name; a report's own fields (e.g. dayBreakdown) as they are. */
export async function describeFilter(db: Db, filter: Record<string, unknown>): Promise<FilterLine[]> {
  const lines: FilterLine[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'models' && Array.isArray(value)) {
      lines.push({ label: LABELS.models ?? key, value: value.map(String).join(', ') });
    } else if (key in LABELS) {
      const ids = asIds(value);
      const names = await namesOf(db, key, ids);
      lines.push({
        label: LABELS[key] ?? key,
        value: ids.map((id) => names.get(String(id)) ?? String(id)).join(', '),
      });
    } else {
      const text =
        typeof value === 'boolean'
          ? value
            ? 'Yes'
            : 'No'
          : Array.isArray(value)
            ? value.join(', ')
            : String(value);
      lines.push({ label: key, value: text });
    }
  }
  return lines;
}
