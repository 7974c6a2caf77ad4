/**
 * SWM operations (issue 7, docs/swm.md): disposal trips and dump-yard presence, dump-yard entries recorded by an
 * operator (or a weighbridge feed), dump mismatch, vehicle job runs (Started / Finished), SLA compliance and the ward /
 * contractor scorecard. Routes under /v1/operations.
 *
 * Days on the wire are Asia/Kolkata calendar days `yyyy-MM-dd`; a `from`–`to` range is inclusive of both days.
 * Instants in answers are UTC ISO strings; instants in bodies are ISO 8601 with an offset.
 */
import { z } from 'zod';
import { IdSchema } from './envelope.ts';
import { ListQuerySchema, listPageSchema } from './list.contract.ts';

/** Longest `from`–`to` range of the trip, mismatch and scorecard queries (days, both ends included). */
export const OPERATIONS_MAX_RANGE_DAYS = 92;
/** Default SLA compliance window: the last 61 job runs (samples). */
export const SLA_DEFAULT_WINDOW = 61;
export const SLA_MAX_WINDOW = 366;
/** An operator entry counts as confirmed by GPS when a visit to its fence overlaps entered_at ± this. */
export const DUMP_ENTRY_GPS_TOLERANCE_MIN = 15;

export const DISPOSAL_GEOFENCE_KINDS = ['dump-yard', 'transfer-station'] as const;
export type DisposalGeofenceKind = (typeof DISPOSAL_GEOFENCE_KINDS)[number];

export const OPERATIONS_MESSAGES = {
  day: 'Days are yyyy-MM-dd',
  from: 'Choose a start day (yyyy-MM-dd)',
  to: 'Choose an end day (yyyy-MM-dd)',
  order: 'The end day cannot be before the start day',
  range: `Choose a range of at most ${OPERATIONS_MAX_RANGE_DAYS} days`,
  instant: 'Enter a time as ISO 8601 with an offset, e.g. 2026-11-25T10:30:00+05:30',
  exitBeforeEntry: 'The exit time must be after the entry time',
  future: 'The time cannot be in the future',
  weight: 'A weight cannot be negative',
  tare: 'The tare weight cannot exceed the gross weight',
  geofence: 'The place must be a dump yard or transfer station of the organisation',
  vehicle: 'The vehicle must be a vehicle of the organisation',
  groupBy: 'Group by ward, zone, contractor or vehicle',
  scorecardGroupBy: 'Group by ward or contractor',
  window: `The window must be between 1 and ${SLA_MAX_WINDOW} samples`,
  status: 'The status must be scheduled, started, finished or missed',
} as const;

const isValidDay = (s: string) =>
  !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
const daySchema = (message: string) =>
  z
    .string(message)
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine(isValidDay, message);
export const LocalDaySchema = daySchema(OPERATIONS_MESSAGES.day);
const instantSchema = z.iso.datetime({ offset: true, error: OPERATIONS_MESSAGES.instant });
const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const optionalId = z.preprocess(emptyToUndefined, IdSchema.optional());

const DAY_MS = 86_400_000;
function checkDayRange(value: { from: string; to: string }, ctx: z.RefinementCtx): void {
  const days = (Date.parse(`${value.to}T00:00:00Z`) - Date.parse(`${value.from}T00:00:00Z`)) / DAY_MS;
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: OPERATIONS_MESSAGES.order });
  else if (days + 1 > OPERATIONS_MAX_RANGE_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: OPERATIONS_MESSAGES.range });
}

const DayRangeBase = z.object({
  from: daySchema(OPERATIONS_MESSAGES.from),
  to: daySchema(OPERATIONS_MESSAGES.to),
});

/** `from`–`to` (local days, inclusive). */
export const OperationsRangeQuerySchema = DayRangeBase.superRefine(checkDayRange);
export type OperationsRangeQuery = z.infer<typeof OperationsRangeQuerySchema>;

// ---------------------------------------------------------------------------------------------------------------
// Disposal trips and dump-yard presence

/** GET /operations/trips: disposal trips entered on the days from–to. */
export const DisposalTripsQuerySchema = DayRangeBase.extend({
  vehicleId: optionalId,
  geofenceId: optionalId,
}).superRefine(checkDayRange);
export type DisposalTripsQuery = z.infer<typeof DisposalTripsQuerySchema>;

/** A disposal trip: a reported visit to a dump yard or transfer station (docs/swm.md). */
export const DisposalTripRowSchema = z.object({
  vehicleId: z.string(),
  registrationNumber: z.string(),
  geofenceId: z.string(),
  geofenceName: z.string(),
  kind: z.enum(DISPOSAL_GEOFENCE_KINDS),
  /** UTC ISO. */
  enteredAt: z.string(),
  /** null: still inside. */
  exitedAt: z.string().nullable(),
  /** Time inside so far (exit or now − entry) when still inside; the stored dwell otherwise. */
  dwellS: z.number().int().nullable(),
  /** Local (Asia/Kolkata) day of enteredAt: the day the trip counts on. */
  day: z.string(),
});
export type DisposalTripRow = z.infer<typeof DisposalTripRowSchema>;

/** GET /operations/dump-yard-presence: every dump yard / transfer station in scope and the vehicles inside now. */
export const DumpYardPresenceSchema = z.object({
  /** UTC ISO: when durations were measured. */
  asOf: z.string(),
  yards: z.array(
    z.object({
      geofenceId: z.string(),
      name: z.string(),
      kind: z.enum(DISPOSAL_GEOFENCE_KINDS),
      organisationId: z.string(),
      vehicles: z.array(
        z.object({
          vehicleId: z.string(),
          registrationNumber: z.string(),
          enteredAt: z.string(),
          /** now − enteredAt. */
          durationS: z.number().int(),
        }),
      ),
    }),
  ),
});
export type DumpYardPresence = z.infer<typeof DumpYardPresenceSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Dump-yard entries (operator / weighbridge)

export const DUMP_YARD_ENTRY_SOURCES = ['operator', 'weighbridge'] as const;
export type DumpYardEntrySource = (typeof DUMP_YARD_ENTRY_SOURCES)[number];

export const DumpYardEntrySchema = z.object({
  id: z.string(),
  organisationId: z.string(),
  geofence: z.object({ id: z.string(), name: z.string(), kind: z.enum(DISPOSAL_GEOFENCE_KINDS) }),
  vehicle: z.object({ id: z.string(), registrationNumber: z.string() }),
  enteredAt: z.string(),
  exitedAt: z.string().nullable(),
  grossKg: z.number().nullable(),
  tareKg: z.number().nullable(),
  /** gross − tare; null unless both are known. */
  netKg: z.number().nullable(),
  ticketNo: z.string().nullable(),
  source: z.enum(DUMP_YARD_ENTRY_SOURCES),
  note: z.string().nullable(),
  /** A GPS visit of the vehicle to the fence overlaps entered_at ± 15 min (docs/swm.md "Dump mismatch"). */
  gpsConfirmed: z.boolean(),
  recordedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type DumpYardEntry = z.infer<typeof DumpYardEntrySchema>;
export const DumpYardEntryPageSchema = listPageSchema(DumpYardEntrySchema);

/** `sortBy` keys of GET /operations/dump-yard-entry (default: enteredAt, newest first). */
export const DUMP_YARD_ENTRY_SORT_FIELDS = [
  'enteredAt',
  'vehicle',
  'geofence',
  'grossKg',
  'createdAt',
] as const;

/** GET /operations/dump-yard-entry: paged; from/to (local days, both optional) bound enteredAt. */
export const DumpYardEntryListQuerySchema = ListQuerySchema.extend({
  from: z.preprocess(emptyToUndefined, daySchema(OPERATIONS_MESSAGES.from).optional()),
  to: z.preprocess(emptyToUndefined, daySchema(OPERATIONS_MESSAGES.to).optional()),
  vehicleId: optionalId,
  geofenceId: optionalId,
});
export type DumpYardEntryListQuery = z.infer<typeof DumpYardEntryListQuerySchema>;

const weightSchema = z.number(OPERATIONS_MESSAGES.weight).min(0, OPERATIONS_MESSAGES.weight).max(100_000);

/**
 * POST /operations/dump-yard-entry. The server also checks: the fence is a dump yard / transfer station of the
 * organisation, the vehicle is the organisation's, no time is in the future.
 */
export const DumpYardEntryInputSchema = z
  .object({
    organisationId: IdSchema.optional(),
    geofenceId: IdSchema,
    vehicleId: IdSchema,
    enteredAt: instantSchema,
    exitedAt: instantSchema.nullish(),
    grossKg: weightSchema.nullish(),
    tareKg: weightSchema.nullish(),
    ticketNo: z.string().trim().max(60).nullish(),
    source: z.enum(DUMP_YARD_ENTRY_SOURCES).default('operator'),
    note: z.string().trim().max(500).nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.exitedAt && Date.parse(v.exitedAt) <= Date.parse(v.enteredAt))
      ctx.addIssue({ code: 'custom', path: ['exitedAt'], message: OPERATIONS_MESSAGES.exitBeforeEntry });
    if (v.grossKg != null && v.tareKg != null && v.tareKg > v.grossKg)
      ctx.addIssue({ code: 'custom', path: ['tareKg'], message: OPERATIONS_MESSAGES.tare });
  });
export type DumpYardEntryInput = z.input<typeof DumpYardEntryInputSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Dump mismatch

export const DUMP_MISMATCH_STATUSES = ['ok', 'fewer-than-expected', 'unconfirmed-entry'] as const;
export type DumpMismatchStatus = (typeof DUMP_MISMATCH_STATUSES)[number];

export const DumpMismatchQuerySchema = DayRangeBase.extend({ vehicleId: optionalId }).superRefine(
  checkDayRange,
);
export type DumpMismatchQuery = z.infer<typeof DumpMismatchQuerySchema>;

/** One vehicle on one local day (a row exists when any of the three counts is non-zero). */
export const DumpMismatchRowSchema = z.object({
  day: z.string(),
  vehicleId: z.string(),
  registrationNumber: z.string(),
  /** Sum of expected_trips of the vehicle's job runs that day. */
  expectedTrips: z.number().int(),
  /** Disposal trips seen by GPS. */
  gpsTrips: z.number().int(),
  /** Trips recorded by the dump-yard operator / weighbridge. */
  recordedTrips: z.number().int(),
  /** Operator entries with no GPS visit to that fence overlapping enteredAt ± 15 min. */
  unconfirmedEntries: z.array(
    z.object({
      entryId: z.string(),
      geofenceId: z.string(),
      geofenceName: z.string(),
      enteredAt: z.string(),
    }),
  ),
  /**
   * unconfirmed-entry wins over fewer-than-expected (gpsTrips < expectedTrips, judged only once every job window of
   * the vehicle that day has ended); otherwise ok.
   */
  status: z.enum(DUMP_MISMATCH_STATUSES),
  /** A job window of the vehicle that day has not ended yet: the trips so far are not final. Always sent. */
  inProgress: z.boolean().optional(),
});
export type DumpMismatchRow = z.infer<typeof DumpMismatchRowSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Job runs

export const JOB_RUN_STATUSES = ['scheduled', 'started', 'finished', 'missed'] as const;
export type JobRunStatusValue = (typeof JOB_RUN_STATUSES)[number];

/** GET /operations/job-runs: the runs of one local day (default today). */
export const JobRunQuerySchema = z.object({
  day: z.preprocess(emptyToUndefined, LocalDaySchema.optional()),
  vehicleId: optionalId,
  status: z.preprocess(emptyToUndefined, z.enum(JOB_RUN_STATUSES, OPERATIONS_MESSAGES.status).optional()),
});
export type JobRunQuery = z.infer<typeof JobRunQuerySchema>;

export const JobRunSchema = z.object({
  jobId: z.string(),
  jobName: z.string(),
  day: z.string(),
  organisationId: z.string(),
  vehicle: z.object({ id: z.string(), registrationNumber: z.string() }),
  route: z.object({ id: z.string(), name: z.string() }).nullable(),
  windowStart: z.string(),
  windowEnd: z.string(),
  status: z.enum(JOB_RUN_STATUSES),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  checkpointsTotal: z.number().int(),
  checkpointsMet: z.number().int(),
  checkpoints: z.array(
    z.object({ name: z.string(), lat: z.number(), lon: z.number(), reachedAt: z.string().nullable() }),
  ),
  expectedTrips: z.number().int(),
  gpsTrips: z.number().int(),
  /** 0…1; null until evaluated. */
  score: z.number().nullable(),
  evaluatedAt: z.string().nullable(),
});
export type JobRun = z.infer<typeof JobRunSchema>;

// ---------------------------------------------------------------------------------------------------------------
// SLA compliance

export const SLA_GROUP_BYS = ['ward', 'zone', 'contractor', 'vehicle'] as const;
export type SlaGroupBy = (typeof SLA_GROUP_BYS)[number];

export const SlaComplianceQuerySchema = z.object({
  groupBy: z.enum(SLA_GROUP_BYS, OPERATIONS_MESSAGES.groupBy).default('ward'),
  window: z.coerce
    .number(OPERATIONS_MESSAGES.window)
    .int(OPERATIONS_MESSAGES.window)
    .min(1, OPERATIONS_MESSAGES.window)
    .max(SLA_MAX_WINDOW, OPERATIONS_MESSAGES.window)
    .default(SLA_DEFAULT_WINDOW),
  asOfDay: z.preprocess(emptyToUndefined, LocalDaySchema.optional()),
});
export type SlaComplianceQuery = z.infer<typeof SlaComplianceQuerySchema>;

/** key null = vehicles without a ward / zone / contractor ("Unassigned"). compliance 0…1, null without samples. */
export const SlaComplianceRowSchema = z.object({
  key: z.string().nullable(),
  label: z.string(),
  samples: z.number().int(),
  compliance: z.number().nullable(),
});
export type SlaComplianceRow = z.infer<typeof SlaComplianceRowSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Scorecard

export const SCORECARD_GROUP_BYS = ['ward', 'contractor'] as const;
export type ScorecardGroupBy = (typeof SCORECARD_GROUP_BYS)[number];

/** GET /operations/scorecard and /operations/scorecard.pdf. No groupBy: both tables. */
export const ScorecardQuerySchema = DayRangeBase.extend({
  groupBy: z.preprocess(
    emptyToUndefined,
    z.enum(SCORECARD_GROUP_BYS, OPERATIONS_MESSAGES.scorecardGroupBy).optional(),
  ),
}).superRefine(checkDayRange);
export type ScorecardQuery = z.infer<typeof ScorecardQuerySchema>;

export const ScorecardRowSchema = z.object({
  /** Ward (admin division) or contractor organisation id; null = unassigned vehicles. */
  key: z.string().nullable(),
  label: z.string(),
  vehicles: z.number().int(),
  jobRuns: z.number().int(),
  checkpointsTotal: z.number().int(),
  checkpointsMet: z.number().int(),
  /** checkpointsMet / checkpointsTotal × 100; null without checkpoints. */
  coveragePct: z.number().nullable(),
  gpsTrips: z.number().int(),
  expectedTrips: z.number().int(),
  /** 0…1 over the last 61 job runs ended by `to`; null without samples. */
  slaCompliance: z.number().nullable(),
  slaSamples: z.number().int(),
  complaintsRaised: z.number().int(),
  complaintsResolved: z.number().int(),
  resolutionMedianH: z.number().nullable(),
  resolutionMeanH: z.number().nullable(),
  complaintsOverdue: z.number().int(),
  tamperingEvents: z.number().int(),
});
export type ScorecardRow = z.infer<typeof ScorecardRowSchema>;

export const ScorecardSchema = z.object({
  from: z.string(),
  to: z.string(),
  generatedAt: z.string(),
  /** Empty when groupBy=contractor. */
  wards: z.array(ScorecardRowSchema),
  /** Empty when groupBy=ward. */
  contractors: z.array(ScorecardRowSchema),
  totals: ScorecardRowSchema,
});
export type Scorecard = z.infer<typeof ScorecardSchema>;
