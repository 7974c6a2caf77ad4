/**
 * GET/PUT /organisation/retention-settings/:id: how long an organisation's history is kept (docs/retention.md).
 * Stored in organisation_settings.settings.retention as a partial object; what an organisation leaves out it inherits
 * from the nearest ancestor organisation that sets it, then from the platform defaults (like the derive settings).
 *
 * Days are calendar days of 24 h counted back from now. The worker's retention job drops whole monthly partitions of
 * positions and raw logs once they are older than the longest retention of any organisation, and deletes, in bounded
 * batches, what an organisation with a shorter retention no longer keeps.
 */
import { z } from 'zod';

type Bounds = { min: number; max: number };

function days(field: string, { min, max }: Bounds) {
  const range = `${field} must be between ${min} and ${max} days`;
  return z
    .number({ error: `${field} must be a number of days` })
    .int(`${field} must be a whole number of days`)
    .min(min, range)
    .max(max, range);
}

/** Upper bound of every setting: ten years. */
export const RETENTION_MAX_DAYS = 3650;

/**
 * Platform defaults. Positions: AIS-140 / RTO practice asks for a year and more of track history, 400 days leaves a
 * month of margin over a year. Raw frames are for debugging a device: 90 days. Alerts: two years (complaints and
 * audits of SOS handling). Rollups (daily stats, trips, intervals, visits) are small and are what the history reports
 * read: five years.
 */
export const DEFAULT_RETENTION_SETTINGS = {
  positionsDays: 400,
  rawLogsDays: 90,
  eventsDays: 730,
  rollupsDays: 1825,
} as const satisfies Record<string, number>;

/** Field bounds (also used by the console's form hints). */
export const RETENTION_BOUNDS = {
  positionsDays: { min: 30, max: RETENTION_MAX_DAYS },
  rawLogsDays: { min: 7, max: RETENTION_MAX_DAYS },
  eventsDays: { min: 30, max: RETENTION_MAX_DAYS },
  rollupsDays: { min: 30, max: RETENTION_MAX_DAYS },
} as const satisfies Record<keyof typeof DEFAULT_RETENTION_SETTINGS, Bounds>;

export const ROLLUPS_SHORTER_MESSAGE =
  'rollupsDays must be at least positionsDays (rollups outlive raw positions)';

/** The settings an organisation may override, each optional (absent = inherited). Unknown keys are refused. */
export const RetentionSettingsPatchSchema = z
  .strictObject({
    positionsDays: days('positionsDays', RETENTION_BOUNDS.positionsDays).optional(),
    rawLogsDays: days('rawLogsDays', RETENTION_BOUNDS.rawLogsDays).optional(),
    eventsDays: days('eventsDays', RETENTION_BOUNDS.eventsDays).optional(),
    rollupsDays: days('rollupsDays', RETENTION_BOUNDS.rollupsDays).optional(),
  })
  .superRefine((patch, ctx) => {
    // Both given: checked here (the form shows it at once); one given: the server checks it against the inherited one.
    const { positionsDays, rollupsDays } = patch;
    if (positionsDays !== undefined && rollupsDays !== undefined && rollupsDays < positionsDays)
      ctx.addIssue({ code: 'custom', path: ['rollupsDays'], message: ROLLUPS_SHORTER_MESSAGE });
  });
export type RetentionSettingsPatch = z.infer<typeof RetentionSettingsPatchSchema>;

/** A complete set of settings (what the retention job applies). */
export const RetentionSettingsValuesSchema = z.object({
  positionsDays: z.number(),
  rawLogsDays: z.number(),
  eventsDays: z.number(),
  rollupsDays: z.number(),
});
export type RetentionSettingsValues = z.infer<typeof RetentionSettingsValuesSchema>;

/**
 * The rule across fields, checked on the settings that would apply (stored overrides over the inherited values):
 * rollups are kept at least as long as positions, so that a report never lacks its summary where the track exists.
 * Returns the message, or null when the settings are consistent.
 */
export function checkRetentionSettings(effective: RetentionSettingsValues): string | null {
  return effective.rollupsDays < effective.positionsDays ? ROLLUPS_SHORTER_MESSAGE : null;
}

/**
 * The answer of GET and PUT: what this organisation stores (its own overrides), what applies to it (inheritance
 * resolved), what it would inherit with no overrides of its own, and the platform defaults.
 */
export const OrganisationRetentionSettingsSchema = z.object({
  organisationId: z.string(),
  stored: RetentionSettingsValuesSchema.partial(),
  effective: RetentionSettingsValuesSchema,
  inherited: RetentionSettingsValuesSchema,
  defaults: RetentionSettingsValuesSchema,
});
export type OrganisationRetentionSettings = z.infer<typeof OrganisationRetentionSettingsSchema>;
