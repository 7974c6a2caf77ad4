/**
 * Retention settings inheritance (docs/retention.md): an organisation's stored `settings.retention` overrides, over
 * the nearest ancestor's, over the platform defaults. Pure: the routes and the worker job resolve the same way.
 */
import {
  DEFAULT_RETENTION_SETTINGS,
  RetentionSettingsPatchSchema,
  type RetentionSettingsValues,
} from '@civicfleet/shared';

const KEYS = Object.keys(DEFAULT_RETENTION_SETTINGS) as Array<keyof RetentionSettingsValues>;

/** The valid overrides of one stored `settings.retention` value; anything else (hand-edited jsonb) is ignored. */
export function storedRetentionOverrides(stored: unknown): Partial<RetentionSettingsValues> {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  const result: Partial<RetentionSettingsValues> = {};
  const field = RetentionSettingsPatchSchema.shape;
  for (const key of KEYS) {
    const value = (stored as Record<string, unknown>)[key];
    if (value !== undefined && field[key].safeParse(value).success) result[key] = value as number;
  }
  return result;
}

/** Settings from stored `settings.retention` values ordered root first (the organisation itself last). */
export function inheritRetentionSettings(chainRootFirst: readonly unknown[]): RetentionSettingsValues {
  const settings: RetentionSettingsValues = { ...DEFAULT_RETENTION_SETTINGS };
  for (const stored of chainRootFirst) Object.assign(settings, storedRetentionOverrides(stored));
  return settings;
}

export interface OrganisationRetentionRow {
  id: string;
  parentId: string | null;
  retention: unknown;
}

/** Nesting deeper than this is treated as a cycle (the organisation tree is at most a few levels deep). */
const MAX_DEPTH = 16;

/** The effective settings of every organisation, by id (decimal string). */
export function resolveAllRetention(
  organisations: readonly OrganisationRetentionRow[],
): Map<string, RetentionSettingsValues> {
  const byId = new Map(organisations.map((row) => [row.id, row]));
  const result = new Map<string, RetentionSettingsValues>();
  for (const row of organisations) {
    const chain: unknown[] = [];
    for (let at: OrganisationRetentionRow | undefined = row, depth = 0; at && depth <= MAX_DEPTH; depth++) {
      chain.unshift(at.retention);
      at = at.parentId === null ? undefined : byId.get(at.parentId);
    }
    result.set(row.id, inheritRetentionSettings(chain));
  }
  return result;
}
