/**
 * Citizen complaints (issue 7; docs/swm.md "Complaints"): /v1/complaint. Module `complaint`.
 *
 *   GET  /v1/complaint                 list (paged; status, category, wardId, overdue, from/to on raised time, search)
 *   GET  /v1/complaint/:id             ComplaintDetail (with timeline and the stored GPS evidence)
 *   POST /v1/complaint                 ComplaintInput                      (add-complaint)
 *   PUT  /v1/complaint/:id             ComplaintInput, while not resolved  (edit-complaint-result-table)
 *   POST /v1/complaint/:id/assign      ComplaintAssign                     (assign-complaint)
 *   POST /v1/complaint/:id/note        ComplaintNote                       (edit-complaint-result-table)
 *   POST /v1/complaint/:id/resolve     ComplaintResolve → stores the evidence (resolve-complaint)
 *   POST /v1/complaint/:id/reopen      ComplaintReopen                     (reopen-complaint)
 *   GET  /v1/complaint/:id/evidence    ?radiusM=100&hours=… → ComplaintEvidence (which vehicles passed)
 *
 * Every answer that carries a complaint carries `dueAt` (SLA start + the category's SLA hours) and `overdue` (not
 * resolved and past due, at the server's clock).
 */
import { z } from 'zod';
import {
  COMPLAINT_ACTIONS,
  COMPLAINT_CATEGORY_IDS,
  COMPLAINT_EVIDENCE_DEFAULT_RADIUS_M,
  COMPLAINT_EVIDENCE_MAX_HOURS,
  COMPLAINT_EVIDENCE_RADIUS_BOUNDS_M,
  COMPLAINT_STATUSES,
  COMPLAINT_STATUS_FILTERS,
} from '../domain/complaints.ts';
import { IdSchema } from './envelope.ts';
import { INDIA_BOUNDS } from './geo.contract.ts';
import { ListQuerySchema, listPageSchema } from './list.contract.ts';

export const COMPLAINT_DESCRIPTION_MAX_LENGTH = 2000;
export const COMPLAINT_NOTE_MAX_LENGTH = 1000;
export const COMPLAINT_MAX_PHOTOS = 5;

const { min: RADIUS_MIN, max: RADIUS_MAX } = COMPLAINT_EVIDENCE_RADIUS_BOUNDS_M;

/** Every user-visible message of this contract and of the complaint service. */
export const COMPLAINT_MESSAGES = {
  category: 'Choose a complaint category',
  description: `The description may be at most ${COMPLAINT_DESCRIPTION_MAX_LENGTH} characters`,
  location: 'Pick the location of the complaint on the map',
  lat: `The latitude must be between ${INDIA_BOUNDS.minLat} and ${INDIA_BOUNDS.maxLat} (inside India)`,
  lon: `The longitude must be between ${INDIA_BOUNDS.minLon} and ${INDIA_BOUNDS.maxLon} (inside India)`,
  photos: `At most ${COMPLAINT_MAX_PHOTOS} photos can be attached`,
  photo: 'Each photo must be a link returned by the file upload (/v1/file/…)',
  citizenPhone: 'The phone number must be 10 digits (with or without +91)',
  citizenName: 'The name may be at most 120 characters',
  address: 'The address may be at most 300 characters',
  staffRequired: 'Choose the staff member to assign the complaint to',
  noteRequired: 'The note is required',
  noteLong: `The note may be at most ${COMPLAINT_NOTE_MAX_LENGTH} characters`,
  resolutionRequired: 'A resolution note is required to resolve the complaint',
  reasonRequired: 'A reason is required to reopen the complaint',
  radius: `The radius must be between ${RADIUS_MIN} and ${RADIUS_MAX} metres`,
  hours: `The window must be between 1 and ${COMPLAINT_EVIDENCE_MAX_HOURS} hours`,
  status: `The status must be one of ${COMPLAINT_STATUSES.join(', ')}`,
  overdue: 'overdue must be true or false',
  // Answered by the service:
  notFound: 'Complaint not found.',
  wardNotFound: 'The ward was not found among the wards of the organisation',
  organisationNotFound: 'The organisation was not found among those you can see',
  staffNotFound: "The staff member was not found among the complaint organisation's active staff",
  resolved: 'This complaint is resolved and can no longer be changed. Reopen it first.',
  alreadyResolved: 'This complaint is already resolved.',
  notResolved: 'Only a resolved complaint can be reopened.',
} as const;

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const blankToNull = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value;

const RefSchema = z.object({ id: z.string(), name: z.string() });

// ------------------------------------------------------------------------------------------------------- evidence

/** One vehicle's closest approach to the complaint location inside the radius. */
export const ComplaintEvidenceVehicleSchema = z.object({
  vehicleId: z.string(),
  registrationNumber: z.string(),
  /** Metres from the complaint location at the closest fix. */
  closestDistanceM: z.number(),
  closestAt: z.string(),
  closestLat: z.number(),
  closestLon: z.number(),
  /** Speed at the closest fix (null when the device did not say). */
  speedKph: z.number().nullable(),
  /** Fixes of the vehicle inside the radius during the window. */
  fixesInside: z.number().int(),
  firstInsideAt: z.string(),
  lastInsideAt: z.string(),
});
export type ComplaintEvidenceVehicle = z.infer<typeof ComplaintEvidenceVehicleSchema>;

/**
 * Which of the organisation's vehicles passed within `radiusM` of the complaint in [from, to]: valid fixes only,
 * attributed to the vehicle the device was linked to at the fix time. `anyVehiclePassed` false = "no vehicle passed".
 */
export const ComplaintEvidenceSchema = z.object({
  lat: z.number(),
  lon: z.number(),
  radiusM: z.number(),
  from: z.string(),
  to: z.string(),
  computedAt: z.string(),
  anyVehiclePassed: z.boolean(),
  /** Closest first. */
  vehicles: z.array(ComplaintEvidenceVehicleSchema),
});
export type ComplaintEvidence = z.infer<typeof ComplaintEvidenceSchema>;

export const ComplaintEvidenceQuerySchema = z.object({
  radiusM: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: COMPLAINT_MESSAGES.radius })
      .int(COMPLAINT_MESSAGES.radius)
      .min(RADIUS_MIN, COMPLAINT_MESSAGES.radius)
      .max(RADIUS_MAX, COMPLAINT_MESSAGES.radius)
      .default(COMPLAINT_EVIDENCE_DEFAULT_RADIUS_M),
  ),
  /** The window is the last `hours` before its end; default from the SLA start (raised or reopened), at most 48 h. */
  hours: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: COMPLAINT_MESSAGES.hours })
      .positive(COMPLAINT_MESSAGES.hours)
      .min(1, COMPLAINT_MESSAGES.hours)
      .max(COMPLAINT_EVIDENCE_MAX_HOURS, COMPLAINT_MESSAGES.hours)
      .optional(),
  ),
});
export type ComplaintEvidenceQuery = z.infer<typeof ComplaintEvidenceQuerySchema>;
export type ComplaintEvidenceQueryInput = z.input<typeof ComplaintEvidenceQuerySchema>;

// ----------------------------------------------------------------------------------------------------------- rows

export const ComplaintSchema = z.object({
  id: z.string(),
  organisation: RefSchema,
  category: z.enum(COMPLAINT_CATEGORY_IDS),
  description: z.string().nullable(),
  status: z.enum(COMPLAINT_STATUSES),
  ward: RefSchema.nullable(),
  lat: z.number(),
  lon: z.number(),
  address: z.string().nullable(),
  photos: z.array(z.string()),
  citizenName: z.string().nullable(),
  /** With +91. */
  citizenPhone: z.string().nullable(),
  slaHours: z.number().int(),
  dueAt: z.string(),
  /** Not resolved and past dueAt. */
  overdue: z.boolean(),
  assignedStaff: RefSchema.nullable(),
  assignedAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  resolvedBy: RefSchema.nullable(),
  /** Resolved after dueAt (null while not resolved). */
  resolvedLate: z.boolean().nullable(),
  reopenCount: z.number().int(),
  createdBy: RefSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Complaint = z.infer<typeof ComplaintSchema>;
export const ComplaintPageSchema = listPageSchema(ComplaintSchema);
export type ComplaintPage = z.infer<typeof ComplaintPageSchema>;

export const ComplaintTimelineEntrySchema = z.object({
  id: z.string(),
  action: z.enum(COMPLAINT_ACTIONS),
  at: z.string(),
  user: RefSchema.nullable(),
  note: z.string().nullable(),
  /** assign: `{ staffId, staffName }`; resolve: `{ anyVehiclePassed, vehicles }`; edit: `{ changed: [...] }`. */
  attrs: z.record(z.string(), z.unknown()).nullable(),
});
export type ComplaintTimelineEntry = z.infer<typeof ComplaintTimelineEntrySchema>;

export const ComplaintDetailSchema = ComplaintSchema.extend({
  resolutionNote: z.string().nullable(),
  resolutionPhotos: z.array(z.string()),
  /** The GPS evidence stored when the complaint was (last) resolved; null before. */
  evidence: ComplaintEvidenceSchema.nullable(),
  timeline: z.array(ComplaintTimelineEntrySchema),
});
export type ComplaintDetail = z.infer<typeof ComplaintDetailSchema>;

// ----------------------------------------------------------------------------------------------------------- list

export const COMPLAINT_SORT_FIELDS = ['createdAt', 'dueAt', 'status', 'category', 'resolvedAt'] as const;

const booleanFlag = z.preprocess(
  (v) => (v === 'true' || v === true ? true : v === 'false' || v === false ? false : v),
  z.boolean({ error: COMPLAINT_MESSAGES.overdue }).optional(),
);

/**
 * GET /complaint. Default order: newest first. `search`: description, address, citizen name or phone, or the
 * complaint number. `from`/`to` bound the raised time. `overdue=true`: not resolved and past due.
 */
export const ComplaintListQuerySchema = ListQuerySchema.extend({
  status: z.preprocess(
    blankToUndefined,
    z.enum(COMPLAINT_STATUS_FILTERS, COMPLAINT_MESSAGES.status).optional(),
  ),
  category: z.preprocess(
    blankToUndefined,
    z.enum(COMPLAINT_CATEGORY_IDS, COMPLAINT_MESSAGES.category).optional(),
  ),
  wardId: z.preprocess(blankToUndefined, IdSchema.optional()),
  overdue: z.preprocess(blankToUndefined, booleanFlag),
  from: z.preprocess(blankToUndefined, z.coerce.date({ error: 'from must be a date' }).optional()),
  to: z.preprocess(blankToUndefined, z.coerce.date({ error: 'to must be a date' }).optional()),
});
export type ComplaintListQuery = z.infer<typeof ComplaintListQuerySchema>;
export type ComplaintListQueryInput = z.input<typeof ComplaintListQuerySchema>;

// ---------------------------------------------------------------------------------------------------------- input

const optionalText = (max: number, message: string) =>
  z.preprocess(blankToNull, z.string().trim().max(max, message).nullable()).default(null);

const photoLink = z
  .string()
  .trim()
  .max(2048, COMPLAINT_MESSAGES.photo)
  .regex(/^\/v1\/file\/[\w./-]+$/, COMPLAINT_MESSAGES.photo)
  .refine((v) => !v.includes('..'), COMPLAINT_MESSAGES.photo);

export const ComplaintPhotosSchema = z
  .array(photoLink, { error: COMPLAINT_MESSAGES.photo })
  .max(COMPLAINT_MAX_PHOTOS, COMPLAINT_MESSAGES.photos)
  .default([]);

/** 10 digits, or +91 and 10 digits; stored with +91. */
const citizenPhone = z.preprocess(
  blankToNull,
  z
    .string()
    .trim()
    .regex(/^(\+91)?\d{10}$/, COMPLAINT_MESSAGES.citizenPhone)
    .transform((v) => (v.startsWith('+91') ? v : `+91${v}`))
    .nullable(),
);

/** POST /complaint and PUT /complaint/:id. Ward: auto-detected from the organisation's ward polygons when absent. */
export const ComplaintInputSchema = z.object({
  category: z.enum(COMPLAINT_CATEGORY_IDS, { error: COMPLAINT_MESSAGES.category }),
  description: optionalText(COMPLAINT_DESCRIPTION_MAX_LENGTH, COMPLAINT_MESSAGES.description),
  lat: z
    .number({ error: COMPLAINT_MESSAGES.location })
    .min(INDIA_BOUNDS.minLat, COMPLAINT_MESSAGES.lat)
    .max(INDIA_BOUNDS.maxLat, COMPLAINT_MESSAGES.lat),
  lon: z
    .number({ error: COMPLAINT_MESSAGES.location })
    .min(INDIA_BOUNDS.minLon, COMPLAINT_MESSAGES.lon)
    .max(INDIA_BOUNDS.maxLon, COMPLAINT_MESSAGES.lon),
  wardId: z.preprocess(blankToNull, IdSchema.nullable()).default(null),
  address: optionalText(300, COMPLAINT_MESSAGES.address),
  photos: ComplaintPhotosSchema,
  citizenName: optionalText(120, COMPLAINT_MESSAGES.citizenName),
  citizenPhone: citizenPhone.default(null),
  /** The municipal organisation it belongs to; default the caller's own. Ignored on edit. */
  organisationId: z.preprocess(blankToUndefined, IdSchema.optional()),
});
export type ComplaintInput = z.infer<typeof ComplaintInputSchema>;
export type ComplaintInputValues = z.input<typeof ComplaintInputSchema>;

const requiredNote = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(COMPLAINT_NOTE_MAX_LENGTH, COMPLAINT_MESSAGES.noteLong);
const optionalNote = z.preprocess(
  blankToUndefined,
  z.string().trim().max(COMPLAINT_NOTE_MAX_LENGTH, COMPLAINT_MESSAGES.noteLong).optional(),
);

/** POST /complaint/:id/assign: a staff row (GET /v1/staff) of the complaint's organisation. */
export const ComplaintAssignSchema = z.object({
  staffId: z
    .string({ error: COMPLAINT_MESSAGES.staffRequired })
    .regex(/^\d{1,19}$/, COMPLAINT_MESSAGES.staffRequired),
  note: optionalNote,
});
export type ComplaintAssign = z.infer<typeof ComplaintAssignSchema>;

export const ComplaintNoteSchema = z.object({ note: requiredNote(COMPLAINT_MESSAGES.noteRequired) });
export type ComplaintNote = z.infer<typeof ComplaintNoteSchema>;

/** POST /complaint/:id/resolve. The server computes and stores the GPS evidence (radiusM as the evidence query). */
export const ComplaintResolveSchema = z.object({
  note: requiredNote(COMPLAINT_MESSAGES.resolutionRequired),
  photos: ComplaintPhotosSchema,
  radiusM: ComplaintEvidenceQuerySchema.shape.radiusM,
});
export type ComplaintResolve = z.infer<typeof ComplaintResolveSchema>;
export type ComplaintResolveInput = z.input<typeof ComplaintResolveSchema>;

export const ComplaintReopenSchema = z.object({ reason: requiredNote(COMPLAINT_MESSAGES.reasonRequired) });
export type ComplaintReopen = z.infer<typeof ComplaintReopenSchema>;
