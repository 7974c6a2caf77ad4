/**
 * GET/PUT /organisation/derive-settings/:id: an organisation's thresholds for trips, stops, idle, offline, visits and
 * alerts (docs/derivations.md "Settings", "Where settings and fences come from"). Stored in
 * organisation_settings.settings.derive as a partial object; what an organisation leaves out it inherits from the
 * nearest ancestor organisation that sets it, then from the platform defaults.
 *
 * The bounds here are what an operator may set: inside what the derive rules accept (validateDeriveSettings on the
 * server) and tighter, so that a typo cannot switch a derivation off (a 0-second offline timeout, a 5 km stop).
 */
import { z } from 'zod';

type Bounds = { min: number; max: number; unit: string; integer?: boolean };

function bounded(field: string, { min, max, unit, integer = true }: Bounds) {
  const range = `${field} must be between ${min} and ${max} ${unit}`;
  const base = z.number({ error: `${field} must be a number (${unit})` });
  return (integer ? base.int(`${field} must be a whole number of ${unit}`) : base)
    .min(min, range)
    .max(max, range);
}

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const S = 'seconds';
const M = 'metres';
const KPH = 'km/h';

/** The settings an organisation may override, each optional (absent = inherited). Unknown keys are refused. */
export const DeriveSettingsPatchSchema = z.strictObject({
  stopMinDurationS: bounded('stopMinDurationS', { min: 30, max: 7200, unit: S }).optional(),
  stopRadiusM: bounded('stopRadiusM', { min: 10, max: 1000, unit: M }).optional(),
  movingMinSpeedKph: bounded('movingMinSpeedKph', { min: 1, max: 50, unit: KPH, integer: false }).optional(),
  idleMinDurationS: bounded('idleMinDurationS', { min: 0, max: 7200, unit: S }).optional(),
  offlineAfterS: bounded('offlineAfterS', { min: 60, max: 86_400, unit: S }).optional(),
  minTripDistanceM: bounded('minTripDistanceM', { min: 0, max: 20_000, unit: M }).optional(),
  minTripDurationS: bounded('minTripDurationS', { min: 0, max: 3600, unit: S }).optional(),
  visitDwellS: bounded('visitDwellS', { min: 0, max: 7200, unit: S }).optional(),
  visitExitDebounceS: bounded('visitExitDebounceS', { min: 0, max: 3600, unit: S }).optional(),
  gpsGapS: bounded('gpsGapS', { min: 30, max: 86_400, unit: S }).optional(),
  maxPlausibleSpeedKph: bounded('maxPlausibleSpeedKph', { min: 30, max: 400, unit: KPH }).optional(),
  distanceJitterM: bounded('distanceJitterM', { min: 0, max: 500, unit: M }).optional(),
  /** null: no organisation-wide limit (a vehicle's own limit, or the device's overspeed alarm). */
  speedLimitKph: bounded('speedLimitKph', { min: 5, max: 200, unit: KPH }).nullable().optional(),
  overspeedMinDurationS: bounded('overspeedMinDurationS', { min: 0, max: 600, unit: S }).optional(),
  sosQuietS: bounded('sosQuietS', { min: 0, max: 86_400, unit: S }).optional(),
  alarmDedupS: bounded('alarmDedupS', { min: 0, max: 3600, unit: S }).optional(),
  dutyGraceS: bounded('dutyGraceS', { min: 0, max: 7200, unit: S }).optional(),
  collectionMinStopS: bounded('collectionMinStopS', { min: 0, max: 3600, unit: S }).optional(),
  missedPointsAlertLeadS: bounded('missedPointsAlertLeadS', { min: 0, max: 14_400, unit: S }).optional(),
  activeMinDailyDistanceM: bounded('activeMinDailyDistanceM', { min: 100, max: 500_000, unit: M }).optional(),
  fuelEconomyKmpl: bounded('fuelEconomyKmpl', { min: 0.5, max: 50, unit: 'km/l', integer: false }).optional(),
  timeZone: z
    .string({ error: 'timeZone must be an IANA time zone name' })
    .refine(isTimeZone, 'timeZone must be an IANA time zone name such as Asia/Kolkata')
    .optional(),
});
export type DeriveSettingsPatch = z.infer<typeof DeriveSettingsPatchSchema>;

/** A complete set of settings (what the derive stage uses). */
export const DeriveSettingsValuesSchema = z.object({
  stopMinDurationS: z.number(),
  stopRadiusM: z.number(),
  movingMinSpeedKph: z.number(),
  idleMinDurationS: z.number(),
  offlineAfterS: z.number(),
  minTripDistanceM: z.number(),
  minTripDurationS: z.number(),
  visitDwellS: z.number(),
  visitExitDebounceS: z.number(),
  gpsGapS: z.number(),
  maxPlausibleSpeedKph: z.number(),
  distanceJitterM: z.number(),
  speedLimitKph: z.number().nullable(),
  overspeedMinDurationS: z.number(),
  sosQuietS: z.number(),
  alarmDedupS: z.number(),
  dutyGraceS: z.number(),
  collectionMinStopS: z.number(),
  missedPointsAlertLeadS: z.number(),
  activeMinDailyDistanceM: z.number(),
  fuelEconomyKmpl: z.number(),
  timeZone: z.string(),
});
export type DeriveSettingsValues = z.infer<typeof DeriveSettingsValuesSchema>;

/**
 * The answer of GET and PUT: what this organisation stores (its own overrides), what applies to it (inheritance
 * resolved) and the platform defaults.
 */
export const OrganisationDeriveSettingsSchema = z.object({
  organisationId: z.string(),
  stored: DeriveSettingsValuesSchema.partial(),
  effective: DeriveSettingsValuesSchema,
  defaults: DeriveSettingsValuesSchema,
});
export type OrganisationDeriveSettings = z.infer<typeof OrganisationDeriveSettingsSchema>;
