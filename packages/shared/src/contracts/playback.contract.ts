/**
 * GET /vehicle/position/playback (spec 01 §7 "route playback") and GET /vehicle/position/playback/export: one
 * vehicle's recorded track over a time range, with its stops, trips, alerts and totals (issue 5 "route playback").
 *
 * Times on the wire: the query takes ISO 8601 with an offset (`2026-11-25T00:00:00+05:30`); answers are UTC ISO
 * strings, except `points.t`, which is epoch milliseconds (a day at 5 s intervals is ~17k points: columnar arrays of
 * plain numbers keep the answer small and fast to parse and to draw).
 */
import { z } from 'zod';
import { IdSchema } from './envelope.ts';

/** Default longest range when the organisation (or an ancestor) sets no `playbackMaxDays` in its settings. */
export const PLAYBACK_DEFAULT_MAX_DAYS = 7;
/** What `organisation_settings.settings.playbackMaxDays` may be raised to, and what the query accepts at all. */
export const PLAYBACK_MAX_DAYS_LIMIT = 31;

export const PLAYBACK_MESSAGES = {
  from: 'Choose a start time (ISO 8601 with an offset, e.g. 2026-11-25T00:00:00+05:30)',
  to: 'Choose an end time (ISO 8601 with an offset, e.g. 2026-11-25T23:59:59+05:30)',
  order: 'The end time must be after the start time.',
  format: 'The format must be kml, gpx or csv',
} as const;

/** "Choose a time range of at most 7 days." (1 → "1 day"). */
export const playbackRangeMessage = (maxDays: number): string =>
  `Choose a time range of at most ${maxDays} ${maxDays === 1 ? 'day' : 'days'}.`;

const DAY_MS = 86_400_000;
const isoWithOffset = (message: string) => z.iso.datetime({ offset: true, error: message });

const PlaybackRangeBase = z.object({
  vehicleId: IdSchema,
  from: isoWithOffset(PLAYBACK_MESSAGES.from),
  to: isoWithOffset(PLAYBACK_MESSAGES.to),
});

/** from < to, and at most PLAYBACK_MAX_DAYS_LIMIT days (the organisation's own limit is checked by the server). */
function checkRange(value: { from: string; to: string }, ctx: z.RefinementCtx): void {
  const fromMs = Date.parse(value.from);
  const toMs = Date.parse(value.to);
  if (!(toMs > fromMs)) ctx.addIssue({ code: 'custom', path: ['to'], message: PLAYBACK_MESSAGES.order });
  else if (toMs - fromMs > PLAYBACK_MAX_DAYS_LIMIT * DAY_MS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: playbackRangeMessage(PLAYBACK_MAX_DAYS_LIMIT) });
}

/** In a query string the offset's `+` must be sent as `%2B` (URLSearchParams does); a bare `+` reads as a space. */
export const PlaybackQuerySchema = PlaybackRangeBase.superRefine(checkRange);
export type PlaybackQuery = z.infer<typeof PlaybackQuerySchema>;

export const PLAYBACK_EXPORT_FORMATS = ['kml', 'gpx', 'csv'] as const;
export type PlaybackExportFormat = (typeof PLAYBACK_EXPORT_FORMATS)[number];

/** GET /vehicle/position/playback/export: the same range as a file (Content-Disposition attachment). */
export const PlaybackExportQuerySchema = PlaybackRangeBase.extend({
  format: z.enum(PLAYBACK_EXPORT_FORMATS, PLAYBACK_MESSAGES.format),
}).superRefine(checkRange);
export type PlaybackExportQuery = z.infer<typeof PlaybackExportQuerySchema>;

/** Content types of the export formats. */
export const PLAYBACK_EXPORT_CONTENT_TYPES: Record<PlaybackExportFormat, string> = {
  kml: 'application/vnd.google-earth.kml+xml',
  gpx: 'application/gpx+xml',
  csv: 'text/csv',
};

/**
 * The track, one array per field, all of the same length, in fix-time order; only valid fixes of every device that
 * was on the vehicle during the range. null = not reported by the device.
 */
export const PlaybackPointsSchema = z.object({
  /** Fix time, epoch milliseconds. */
  t: z.array(z.number()),
  lat: z.array(z.number()),
  lon: z.array(z.number()),
  speedKph: z.array(z.number().nullable()),
  headingDeg: z.array(z.number().nullable()),
  ignition: z.array(z.boolean().nullable()),
});
export type PlaybackPoints = z.infer<typeof PlaybackPointsSchema>;

/**
 * A standstill (state_intervals stopped / idle, docs/derivations.md), clipped to the range: `from`/`to` and
 * `durationS` cover only the part inside it. `address` is the reverse-geocoded place (own data or the provider's
 * cache), null when nothing is known there.
 */
export const PlaybackStopSchema = z.object({
  kind: z.enum(['stop', 'idle']),
  from: z.string(),
  to: z.string(),
  durationS: z.number(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  address: z.string().nullable(),
});
export type PlaybackStop = z.infer<typeof PlaybackStopSchema>;

/** A trip (derived table `trips`) that overlaps the range, whole (not clipped). */
export const PlaybackTripSchema = z.object({
  startAt: z.string(),
  endAt: z.string(),
  distanceM: z.number(),
  durationS: z.number(),
  maxSpeedKph: z.number().nullable(),
  startLat: z.number().nullable(),
  startLon: z.number().nullable(),
  endLat: z.number().nullable(),
  endLon: z.number().nullable(),
  startAddress: z.string().nullable(),
  endAddress: z.string().nullable(),
});
export type PlaybackTrip = z.infer<typeof PlaybackTripSchema>;

/** An alert (`events`) raised in the range; `type` is the alarm name of the shared catalogue (sos, powerCut …). */
export const PlaybackAlertSchema = z.object({
  id: z.string(),
  type: z.string(),
  at: z.string(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
});
export type PlaybackAlert = z.infer<typeof PlaybackAlertSchema>;

/**
 * Over the range: distance = sum of the fixes' counted distance (docs/derivations.md "Distance"); run / idle / stop /
 * offline seconds = the state intervals clipped to the range; max speed of a valid fix; average moving speed = moving
 * distance ÷ run time (null without run time).
 */
export const PlaybackTotalsSchema = z.object({
  distanceM: z.number(),
  runS: z.number(),
  idleS: z.number(),
  stopS: z.number(),
  offlineS: z.number(),
  maxSpeedKph: z.number().nullable(),
  avgMovingSpeedKph: z.number().nullable(),
});
export type PlaybackTotals = z.infer<typeof PlaybackTotalsSchema>;

export const PlaybackSchema = z.object({
  vehicle: z.object({
    id: z.string(),
    registrationNumber: z.string(),
    /** VEHICLE_KINDS (map icon family). */
    kind: z.string().nullable().optional(),
  }),
  /** The range as asked, UTC ISO. */
  from: z.string(),
  to: z.string(),
  points: PlaybackPointsSchema,
  stops: z.array(PlaybackStopSchema),
  trips: z.array(PlaybackTripSchema),
  alerts: z.array(PlaybackAlertSchema),
  totals: PlaybackTotalsSchema,
});
export type Playback = z.infer<typeof PlaybackSchema>;

/**
 * GET /vehicle/position/playback/limits: the longest range the caller's organisation allows (its settings'
 * `playbackMaxDays`, inherited from the nearest ancestor that sets it, else PLAYBACK_DEFAULT_MAX_DAYS), so the range
 * picker can stop there. The playback route checks the vehicle's organisation's limit.
 */
export const PlaybackLimitsSchema = z.object({ maxDays: z.number().int().positive() });
export type PlaybackLimits = z.infer<typeof PlaybackLimitsSchema>;
