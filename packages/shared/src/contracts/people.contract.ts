/**
 * SWM people (issue 7, docs/swm.md "Staff and vehicle allocation", "Attendance", "Driver performance"): the staff of
 * an organisation (drivers, helpers, sweepers, supervisors), who is on which vehicle per day and shift, the daily
 * PRESENT/ABSENT mark of each person with its source, and per-driver performance per 100 km.
 *
 * Days are local (Asia/Kolkata) `yyyy-MM-dd`; day ranges `from`…`to` include both ends. Instants are ISO UTC.
 */
import { z } from 'zod';
import { IdSchema } from './envelope.ts';
import { ListQuerySchema, listPageSchema } from './list.contract.ts';
import { PhoneInputSchema } from './user.contract.ts';

export const STAFF_ROLES = ['driver', 'helper', 'sweeper', 'supervisor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const SHIFTS = ['morning', 'afternoon', 'night'] as const;
export type Shift = (typeof SHIFTS)[number];
export const ALLOCATION_SOURCES = ['supervisor', 'driver-id'] as const;
export type AllocationSource = (typeof ALLOCATION_SOURCES)[number];
export const ALLOCATION_END_REASONS = ['replaced', 'shift-end', 'manual'] as const;
export type AllocationEndReason = (typeof ALLOCATION_END_REASONS)[number];
export const ATTENDANCE_STATUSES = ['PRESENT', 'ABSENT'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
export const ATTENDANCE_SOURCES = ['driver-id', 'duty', 'supervisor', 'day-close'] as const;
export type AttendanceSource = (typeof ATTENDANCE_SOURCES)[number];
/** Board filter: a status, or no mark yet. */
export const ATTENDANCE_FILTERS = ['PRESENT', 'ABSENT', 'NOT_MARKED'] as const;
export type AttendanceFilter = (typeof ATTENDANCE_FILTERS)[number];
export const ATTENDANCE_GROUP_BY = ['ward', 'circle'] as const;
export type AttendanceGroupBy = (typeof ATTENDANCE_GROUP_BY)[number];

/** Longest day range a summary, driver-change or performance query may span. */
export const PEOPLE_MAX_RANGE_DAYS = 62;

export const PEOPLE_MESSAGES = {
  day: 'Days are yyyy-MM-dd',
  tagId: 'The tag id must be 2 to 32 hexadecimal characters, not all zero (RFID card or iButton)',
  tagTaken: 'Another staff member of this organisation already has this tag id',
  staffNotFound: 'Staff member not found.',
  allocationNotFound: 'Allocation not found.',
  reasonRequired: 'A reason is required to mark someone absent',
  futureDay: 'Attendance cannot be marked for a day that has not started',
  rangeOrder: 'The end day cannot be before the start day',
  rangeLength: `A range spans at most ${PEOPLE_MAX_RANGE_DAYS} days`,
  alreadyEnded: 'This allocation has already ended',
  inactiveStaff: 'This staff member is inactive',
  staffOrganisation: "Choose a staff member of the vehicle's organisation",
  licenceMissing: 'A driver without a licence number',
  licenceExpired: 'The driving licence has expired',
} as const;

export const DaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, PEOPLE_MESSAGES.day)
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, PEOPLE_MESSAGES.day);

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const optionalQueryId = z.preprocess(emptyToUndefined, IdSchema.optional());
const optionalDivisionId = IdSchema.nullable();

/**
 * "04 a1 b2:c3" → "04A1B2C3": RFID / iButton ids are stored in the readers' canonical form (packages/protocols
 * normaliseDriverTag): upper-case hex without separators, whole bytes, without leading zero bytes — so a tag typed by a
 * supervisor matches the one any tracker reports ("0000A1B2" and a reader's "A1B2" are one card).
 */
export function normaliseTagId(value: string): string {
  let tag = value.replace(/[\s:.-]/g, '').toUpperCase();
  if (!/^[0-9A-F]+$/.test(tag)) return tag;
  if (tag.length % 2 === 1) tag = `0${tag}`;
  while (tag.length > 2 && tag.startsWith('00')) tag = tag.slice(2);
  return tag;
}

export const TagIdSchema = z
  .string()
  .transform(normaliseTagId)
  .pipe(z.string().regex(/^(?!00$)[0-9A-F]{2,32}$/, PEOPLE_MESSAGES.tagId));

/** `{ from, to }` day range check shared by summary, driver changes and performance. */
function checkRange(v: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (v.to < v.from) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: PEOPLE_MESSAGES.rangeOrder });
    return;
  }
  const days = (Date.parse(`${v.to}T00:00:00Z`) - Date.parse(`${v.from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days > PEOPLE_MAX_RANGE_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: PEOPLE_MESSAGES.rangeLength });
}

const NamedSchema = z.object({ id: z.string(), name: z.string() });
export type Named = z.infer<typeof NamedSchema>;

// ---------------------------------------------------------------- staff

export const StaffSchema = z.object({
  id: z.string(),
  organisationId: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  role: z.enum(STAFF_ROLES),
  zone: NamedSchema.nullable(),
  circle: NamedSchema.nullable(),
  ward: NamedSchema.nullable(),
  tagId: z.string().nullable(),
  licenceNo: z.string().nullable(),
  licenceValidUntil: z.string().nullable(),
  active: z.boolean(),
  /** Not errors, shown next to the person: a driver without a licence number, or with an expired licence. */
  warnings: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Staff = z.infer<typeof StaffSchema>;
export const StaffPageSchema = listPageSchema(StaffSchema);

export const StaffListQuerySchema = ListQuerySchema.extend({
  organisationId: optionalQueryId,
  role: z.preprocess(emptyToUndefined, z.enum(STAFF_ROLES, 'Unknown staff role').optional()),
  zoneId: optionalQueryId,
  circleId: optionalQueryId,
  wardId: optionalQueryId,
  active: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).optional()),
});
export type StaffListQuery = z.infer<typeof StaffListQuerySchema>;

export const StaffInputSchema = z.object({
  /** SUPER_ADMIN / parent organisations: whose staff; default the caller's organisation. Fixed once created. */
  organisationId: IdSchema.optional(),
  name: z.string().trim().min(1, 'The name is required').max(100),
  phone: PhoneInputSchema.nullable().default(null),
  role: z.enum(STAFF_ROLES, 'The role must be driver, helper, sweeper or supervisor'),
  zoneId: optionalDivisionId.default(null),
  circleId: optionalDivisionId.default(null),
  wardId: optionalDivisionId.default(null),
  tagId: TagIdSchema.nullable().default(null),
  licenceNo: z.string().trim().max(30).nullable().default(null),
  licenceValidUntil: DaySchema.nullable().default(null),
  active: z.boolean().default(true),
});
export type StaffInput = z.infer<typeof StaffInputSchema>;
export type StaffInputValues = z.input<typeof StaffInputSchema>;

// ---------------------------------------------------------------- vehicle allocation

export const VehicleAllocationSchema = z.object({
  id: z.string(),
  organisationId: z.string(),
  vehicle: z.object({ id: z.string(), registrationNumber: z.string() }),
  staff: z.object({ id: z.string(), name: z.string(), role: z.enum(STAFF_ROLES) }),
  day: z.string(),
  shift: z.enum(SHIFTS),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  endReason: z.enum(ALLOCATION_END_REASONS).nullable(),
  source: z.enum(ALLOCATION_SOURCES),
  /** The supervisor (user) who allocated; null for driver-id allocations. */
  createdBy: NamedSchema.nullable(),
});
export type VehicleAllocation = z.infer<typeof VehicleAllocationSchema>;
export const VehicleAllocationPageSchema = listPageSchema(VehicleAllocationSchema);

export const VehicleAllocationListQuerySchema = ListQuerySchema.extend({
  day: z.preprocess(emptyToUndefined, DaySchema.optional()),
  vehicleId: optionalQueryId,
  staffId: optionalQueryId,
  organisationId: optionalQueryId,
  /** 'true': only allocations still open. */
  open: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).optional()),
});
export type VehicleAllocationListQuery = z.infer<typeof VehicleAllocationListQuerySchema>;

export const VehicleAllocationInputSchema = z.object({
  vehicleId: IdSchema,
  staffId: IdSchema,
  day: DaySchema,
  shift: z.enum(SHIFTS, 'The shift must be morning, afternoon or night'),
});
export type VehicleAllocationInput = z.infer<typeof VehicleAllocationInputSchema>;

export const VehicleAllocationEndSchema = z.object({
  reason: z.enum(['shift-end', 'manual'], 'The reason must be shift-end or manual').default('manual'),
});
export type VehicleAllocationEnd = z.infer<typeof VehicleAllocationEndSchema>;

export const DayRangeQuerySchema = z
  .object({ from: DaySchema, to: DaySchema, organisationId: optionalQueryId })
  .superRefine(checkRange);
export type DayRangeQuery = z.infer<typeof DayRangeQuerySchema>;

export const DriverChangeQuerySchema = z
  .object({ from: DaySchema, to: DaySchema, organisationId: optionalQueryId, vehicleId: optionalQueryId })
  .superRefine(checkRange);
export type DriverChangeQuery = z.infer<typeof DriverChangeQuerySchema>;

/** A driver change: a driver allocation that ended 'replaced' and the driver allocation that replaced it. */
export const DriverChangeSchema = z.object({
  vehicle: z.object({ id: z.string(), registrationNumber: z.string() }),
  fromDriver: NamedSchema,
  toDriver: NamedSchema,
  at: z.string(),
  source: z.enum(ALLOCATION_SOURCES),
});
export type DriverChange = z.infer<typeof DriverChangeSchema>;

// ---------------------------------------------------------------- attendance

export const AttendanceBoardQuerySchema = ListQuerySchema.extend({
  /** Default: today (Asia/Kolkata). */
  day: z.preprocess(emptyToUndefined, DaySchema.optional()),
  organisationId: optionalQueryId,
  zoneId: optionalQueryId,
  circleId: optionalQueryId,
  wardId: optionalQueryId,
  role: z.preprocess(emptyToUndefined, z.enum(STAFF_ROLES, 'Unknown staff role').optional()),
  status: z.preprocess(
    emptyToUndefined,
    z.enum(ATTENDANCE_FILTERS, 'The status must be PRESENT, ABSENT or NOT_MARKED').optional(),
  ),
});
export type AttendanceBoardQuery = z.infer<typeof AttendanceBoardQuerySchema>;

export const AttendanceRowSchema = z.object({
  staff: z.object({
    id: z.string(),
    name: z.string(),
    role: z.enum(STAFF_ROLES),
    phone: z.string().nullable(),
    tagId: z.string().nullable(),
  }),
  /** The mark's ward/circle (the person's at marking time), else the person's current ones. */
  ward: NamedSchema.nullable(),
  circle: NamedSchema.nullable(),
  /** Null: not marked yet. */
  status: z.enum(ATTENDANCE_STATUSES).nullable(),
  source: z.enum(ATTENDANCE_SOURCES).nullable(),
  reason: z.string().nullable(),
  vehicle: z.object({ id: z.string(), registrationNumber: z.string() }).nullable(),
  dutyStartAt: z.string().nullable(),
  dutyEndAt: z.string().nullable(),
  markedBy: NamedSchema.nullable(),
  markedAt: z.string().nullable(),
});
export type AttendanceRow = z.infer<typeof AttendanceRowSchema>;

export const AttendanceCountsSchema = z.object({
  present: z.number().int().nonnegative(),
  absent: z.number().int().nonnegative(),
  notMarked: z.number().int().nonnegative(),
});
export type AttendanceCounts = z.infer<typeof AttendanceCountsSchema>;

/** One page of the day board; `counts` cover every person matching the filters but the status filter. */
export const AttendanceBoardSchema = listPageSchema(AttendanceRowSchema).extend({
  day: z.string(),
  counts: AttendanceCountsSchema,
});
export type AttendanceBoard = z.infer<typeof AttendanceBoardSchema>;

export const AttendanceSummaryQuerySchema = z
  .object({
    from: DaySchema,
    to: DaySchema,
    groupBy: z.enum(ATTENDANCE_GROUP_BY, 'Group by ward or circle').default('ward'),
    organisationId: optionalQueryId,
  })
  .superRefine(checkRange);
export type AttendanceSummaryQuery = z.infer<typeof AttendanceSummaryQuerySchema>;

/** Marks per group (ward or circle of the mark) per day; `key` null = people without a ward/circle. */
export const AttendanceSummaryRowSchema = z.object({
  day: z.string(),
  key: z.string().nullable(),
  label: z.string(),
  present: z.number().int().nonnegative(),
  absent: z.number().int().nonnegative(),
});
export type AttendanceSummaryRow = z.infer<typeof AttendanceSummaryRowSchema>;

export const AttendanceMarkSchema = z
  .object({
    staffId: IdSchema,
    day: DaySchema,
    status: z.enum(ATTENDANCE_STATUSES, 'The status must be PRESENT or ABSENT'),
    reason: z.string().trim().max(500).nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'ABSENT' && !v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: PEOPLE_MESSAGES.reasonRequired });
  });
export type AttendanceMark = z.infer<typeof AttendanceMarkSchema>;
export type AttendanceMarkValues = z.input<typeof AttendanceMarkSchema>;

// ---------------------------------------------------------------- driver performance

export const DriverPerformanceQuerySchema = DayRangeQuerySchema;
export type DriverPerformanceQuery = DayRangeQuery;

/**
 * Per driver over their allocations in the range: distance driven on the allocated vehicles during the allocations,
 * harsh events (harshBraking / harshAcceleration / harshCornering), overspeed events and idle time; the per-100 km
 * figures are null when the distance is under 1 km.
 */
export const DriverPerformanceRowSchema = z.object({
  staffId: z.string(),
  name: z.string(),
  /** Registration numbers of the vehicles driven, sorted. */
  vehicles: z.array(z.string()),
  distanceKm: z.number(),
  harshEvents: z.number().int().nonnegative(),
  overspeedEvents: z.number().int().nonnegative(),
  idleS: z.number().int().nonnegative(),
  harshPer100Km: z.number().nullable(),
  overspeedPer100Km: z.number().nullable(),
  idleMinPer100Km: z.number().nullable(),
});
export type DriverPerformanceRow = z.infer<typeof DriverPerformanceRowSchema>;
