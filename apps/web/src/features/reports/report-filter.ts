/**
 * The report filter in its three shapes: the form's values (days as `yyyy-MM-dd`, ids, lists, the report's own
 * fields), the URL (the same values as query parameters, lists repeated) and the request body (compacted, the days
 * turned into the start and end of the day in Asia/Kolkata as ISO strings with +05:30).
 */
import { compactFilter } from '@civicfleet/shared';
import type { ReportBaseField, ReportFilterValues } from './types';

/** The shared fields, in the spec's order (spec 02 §2). */
export const BASE_FIELDS = [
  'organisationId',
  'from',
  'to',
  'groupId',
  'models',
  'zoneIds',
  'wardIds',
  'vehicleId',
] as const;
export type BaseKey = (typeof BASE_FIELDS)[number];

const LIST_FIELDS: ReadonlySet<string> = new Set(['models', 'zoneIds', 'wardIds']);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const IST_OFFSET = '+05:30';

/** Which form field hides with which `hideFields` entry ('range' = From Time and To Time). */
export function isHidden(key: BaseKey, hideFields: readonly ReportBaseField[] = []): boolean {
  if (key === 'from' || key === 'to') return hideFields.includes('range');
  return hideFields.includes(key);
}

/** The empty form: every shared field blank plus the report's own defaults. */
export function emptyValues(defaults: ReportFilterValues = {}): ReportFilterValues {
  return {
    organisationId: null,
    from: null,
    to: null,
    groupId: null,
    models: [],
    zoneIds: [],
    wardIds: [],
    vehicleId: null,
    ...defaults,
  };
}

/**
 * Reads the form's values from the URL. Types of the report's own fields come from its `defaults` (boolean, number,
 * list or text); a field without a default reads 'true'/'false' as a boolean, a repeated parameter as a list and
 * anything else as text.
 */
export function valuesFromSearch(
  params: URLSearchParams,
  defaults: ReportFilterValues = {},
): ReportFilterValues {
  const values = emptyValues(defaults);
  const keys = new Set(params.keys());
  for (const key of keys) {
    const all = params.getAll(key).filter((v) => v !== '');
    const first = all[0];
    if (LIST_FIELDS.has(key)) {
      values[key] = all;
      continue;
    }
    if ((BASE_FIELDS as readonly string[]).includes(key)) {
      if (first === undefined) continue;
      if ((key === 'from' || key === 'to') && !DAY.test(first)) continue;
      values[key] = first;
      continue;
    }
    const sample = defaults[key];
    if (Array.isArray(sample)) values[key] = all;
    else if (first === undefined) continue;
    else if (typeof sample === 'boolean') values[key] = first === 'true';
    else if (typeof sample === 'number')
      values[key] = Number.isFinite(Number(first)) ? Number(first) : sample;
    else if (sample === undefined && all.length > 1) values[key] = all;
    else if (sample === undefined && (first === 'true' || first === 'false')) values[key] = first === 'true';
    else values[key] = first;
  }
  return values;
}

/** The form's values as URL parameters (empty values left out, lists repeated). */
export function searchFromValues(values: ReportFilterValues): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(compactFilter(values))) {
    const list: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of list) {
      if (item === null || item === undefined || item === '') continue;
      params.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item as string | number));
    }
  }
  return params;
}

/** `2026-11-20` → `2026-11-20T00:00:00+05:30`. */
export const startOfDay = (day: string) => `${day}T00:00:00${IST_OFFSET}`;
/** `2026-11-20` → `2026-11-20T23:59:59.999+05:30`. */
export const endOfDay = (day: string) => `${day}T23:59:59.999${IST_OFFSET}`;

/** What the run, the export and the schedule send: compacted, days as instants. */
export function requestFilter(values: ReportFilterValues): Record<string, unknown> {
  const compact: Record<string, unknown> = compactFilter(values);
  const from = compact.from;
  const to = compact.to;
  if (typeof from === 'string' && DAY.test(from)) compact.from = startOfDay(from);
  else delete compact.from;
  if (typeof to === 'string' && DAY.test(to)) compact.to = endOfDay(to);
  else delete compact.to;
  return compact;
}

/** A filter worth running: something besides the report's own defaults was chosen. */
export function hasChosenFilter(values: ReportFilterValues, defaults: ReportFilterValues = {}): boolean {
  return Object.entries(compactFilter(values)).some(
    ([key, value]) => !(key in defaults) || JSON.stringify(defaults[key]) !== JSON.stringify(value),
  );
}

/**
 * The wards that belong to the chosen zones (a ward's parent is a circle, the circle's parent a zone); every ward
 * when no zone is chosen.
 */
export function wardsInZones<T extends { id: string; type: string; parentId: string | null }>(
  divisions: readonly T[],
  zoneIds: readonly string[],
): T[] {
  const wards = divisions.filter((d) => d.type === 'WARD');
  if (zoneIds.length === 0) return wards;
  const zones = new Set(zoneIds);
  const circleZone = new Map(divisions.filter((d) => d.type === 'CIRCLE').map((c) => [c.id, c.parentId]));
  return wards.filter((w) => {
    if (w.parentId === null) return false;
    if (zones.has(w.parentId)) return true;
    const zone = circleZone.get(w.parentId);
    return zone !== undefined && zone !== null && zones.has(zone);
  });
}

/** The zone a ward lies in (through its circle), or null. */
export function zoneOfWard<T extends { id: string; type: string; parentId: string | null }>(
  divisions: readonly T[],
  wardId: string,
): string | null {
  const byId = new Map(divisions.map((d) => [d.id, d]));
  let parent = byId.get(wardId)?.parentId ?? null;
  while (parent !== null) {
    const division = byId.get(parent);
    if (division === undefined) return null;
    if (division.type === 'ZONE') return division.id;
    parent = division.parentId;
  }
  return null;
}
