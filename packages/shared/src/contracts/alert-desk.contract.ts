/**
 * The SOS and critical-alerts desk (live operations issue, "SOS and critical alerts desk"): /v1/alert-desk.
 *
 * A desk alert is an `events` row whose type is in ALERT_DESK_TYPES; the gateway opens it with desk status `new`.
 * Operators acknowledge it (`new` → `acknowledged`), assign it to a user, add notes, close it with a resolution
 * (→ `closed`) and may reopen it; an alert left `new` past the organisation's `deskEscalateAfterMin` is escalated by
 * the worker (escalationLevel + 1, e-mail to the organisation's admins). Every step is a timeline entry.
 *
 * `endedAt` is when the device said the alarm stopped (SOS released, power back); it is independent of the desk
 * status: an SOS that stopped still needs an operator to close it.
 */
import { z } from 'zod';
import { CommandSchema } from './command.contract.ts';
import { IdSchema } from './envelope.ts';
import { ListQuerySchema, listPageSchema } from './list.contract.ts';

/**
 * Alert types the desk handles: a subset of packages/protocols ALARMS, and `identityConflict`, raised by the gateway
 * when a device's connection is taken over from another address while it was sending (docs/security.md "Device
 * identity"). Closing an identityConflict alert clears the device's conflict and "clone suspected" marks.
 */
export const ALERT_DESK_TYPES = [
  'sos',
  'tamper',
  'boxOpened',
  'wireCut',
  'powerCut',
  'identityConflict',
] as const;
export type AlertDeskType = (typeof ALERT_DESK_TYPES)[number];

export function isAlertDeskType(type: string): type is AlertDeskType {
  return (ALERT_DESK_TYPES as readonly string[]).includes(type);
}

/** new → acknowledged → closed (reopen: closed → acknowledged). */
export const ALERT_DESK_STATUSES = ['new', 'acknowledged', 'closed'] as const;
export type AlertDeskStatus = (typeof ALERT_DESK_STATUSES)[number];

/** List filter: `open` = new or acknowledged. */
export const ALERT_DESK_STATUS_FILTERS = ['open', 'closed', 'all'] as const;
export type AlertDeskStatusFilter = (typeof ALERT_DESK_STATUS_FILTERS)[number];

/** Timeline steps (`event_actions.action`). `escalate` is taken by the system (no user). */
export const ALERT_DESK_ACTIONS = [
  'acknowledge',
  'assign',
  'note',
  'escalate',
  'close',
  'emergency-off',
  'reopen',
] as const;
export type AlertDeskAction = (typeof ALERT_DESK_ACTIONS)[number];

/** Minutes an alert may stay `new` before it is escalated, unless the organisation (or an ancestor) sets it. */
export const DEFAULT_DESK_ESCALATE_AFTER_MIN = 5;
export const DESK_ESCALATE_AFTER_MIN_BOUNDS = { min: 1, max: 1440 } as const;

export const DESK_NOTE_MAX_LENGTH = 1000;
export const DESK_RESOLUTION_MAX_LENGTH = 1000;

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

// ------------------------------------------------------------------------------------------------------------ list

/**
 * GET /alert-desk: the caller's organisations' desk alerts, open ones first (new, then acknowledged), then newest
 * `startedAt` first. `from`/`to` bound `startedAt`; `search` matches registration number and IMEI.
 */
export const AlertDeskQuerySchema = ListQuerySchema.pick({ page: true, pageSize: true, search: true }).extend(
  {
    status: z.preprocess(
      emptyToUndefined,
      z.enum(ALERT_DESK_STATUS_FILTERS, { error: 'The status must be open, closed or all' }).default('open'),
    ),
    type: z.preprocess(
      emptyToUndefined,
      z
        .enum(ALERT_DESK_TYPES, { error: `The type must be one of ${ALERT_DESK_TYPES.join(', ')}` })
        .optional(),
    ),
    vehicleId: z.preprocess(emptyToUndefined, IdSchema.optional()),
    from: z.preprocess(emptyToUndefined, z.coerce.date({ error: 'from must be a date' }).optional()),
    to: z.preprocess(emptyToUndefined, z.coerce.date({ error: 'to must be a date' }).optional()),
  },
);
export type AlertDeskQuery = z.infer<typeof AlertDeskQuerySchema>;
export type AlertDeskQueryInput = z.input<typeof AlertDeskQuerySchema>;

const UserRefSchema = z.object({ id: z.string(), name: z.string() });
export type AlertDeskUserRef = z.infer<typeof UserRefSchema>;

export const AlertDeskItemSchema = z.object({
  id: z.string(),
  type: z.enum(ALERT_DESK_TYPES),
  vehicleId: z.string().nullable(),
  vehicleRegistration: z.string().nullable(),
  deviceId: z.string(),
  deviceImei: z.string(),
  /** The device's protocol (`ais140`, `gt06`, `teltonika`): emergency off is for `ais140` only. */
  deviceProtocol: z.string(),
  organisationId: z.string(),
  organisationName: z.string(),
  startedAt: z.string(),
  /** Newest repeat while the alarm was on. */
  lastAt: z.string(),
  repeatCount: z.number().int(),
  /** When the device said the alarm stopped; null while it is still on. */
  endedAt: z.string().nullable(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  /** Raised from a history (buffered) packet. */
  late: z.boolean(),
  /**
   * An SOS from a connection that had not yet sent a fix consistent with the device's last known place (a possible
   * impostor). Still raised: a real SOS must never be lost.
   */
  unverified: z.boolean(),
  /** identityConflict alerts: the two addresses, the takeovers so far, and whether a clone is suspected. */
  identity: z
    .object({
      previousAddress: z.string().nullable(),
      newAddress: z.string().nullable(),
      conflicts: z.number().int(),
      cloneSuspected: z.boolean(),
    })
    .nullable(),
  deskStatus: z.enum(ALERT_DESK_STATUSES),
  acknowledgedBy: UserRefSchema.nullable(),
  acknowledgedAt: z.string().nullable(),
  assignedTo: UserRefSchema.nullable(),
  assignedAt: z.string().nullable(),
  /** 0 until the first escalation. */
  escalationLevel: z.number().int(),
  escalatedAt: z.string().nullable(),
  closedBy: UserRefSchema.nullable(),
  closedAt: z.string().nullable(),
  resolution: z.string().nullable(),
});
export type AlertDeskItem = z.infer<typeof AlertDeskItemSchema>;

/** One page plus the caller's open counts whatever the filters (the console's alarm and badge). */
export const AlertDeskPageSchema = listPageSchema(AlertDeskItemSchema).extend({
  counts: z.object({ new: z.number().int(), acknowledged: z.number().int() }),
});
export type AlertDeskPage = z.infer<typeof AlertDeskPageSchema>;

// -------------------------------------------------------------------------------------------------------- timeline

export const AlertDeskTimelineEntrySchema = z.object({
  id: z.string(),
  action: z.enum(ALERT_DESK_ACTIONS),
  /** Null for steps the system took (escalation). */
  user: UserRefSchema.nullable(),
  assignee: UserRefSchema.nullable(),
  note: z.string().nullable(),
  at: z.string(),
});
export type AlertDeskTimelineEntry = z.infer<typeof AlertDeskTimelineEntrySchema>;

/** GET /alert-desk/:id and the answer of every action: the alert and its timeline, oldest step first. */
export const AlertDeskDetailSchema = AlertDeskItemSchema.extend({
  timeline: z.array(AlertDeskTimelineEntrySchema),
});
export type AlertDeskDetail = z.infer<typeof AlertDeskDetailSchema>;

// --------------------------------------------------------------------------------------------------------- actions

const optionalNote = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .trim()
    .max(DESK_NOTE_MAX_LENGTH, `The note may be at most ${DESK_NOTE_MAX_LENGTH} characters`)
    .optional(),
);

/** POST /alert-desk/:id/acknowledge (new → acknowledged). */
export const AlertDeskAcknowledgeSchema = z.object({ note: optionalNote });
export type AlertDeskAcknowledge = z.infer<typeof AlertDeskAcknowledgeSchema>;

/** POST /alert-desk/:id/assign: a user of an organisation the caller can see. Acknowledges a `new` alert too. */
export const AlertDeskAssignSchema = z.object({
  userId: z
    .string({ error: 'Choose the user to assign the alert to' })
    .regex(/^\d{1,19}$/, 'Invalid user id'),
  note: optionalNote,
});
export type AlertDeskAssign = z.infer<typeof AlertDeskAssignSchema>;

/** POST /alert-desk/:id/note. */
export const AlertDeskNoteSchema = z.object({
  note: z
    .string({ error: 'The note is required' })
    .trim()
    .min(1, 'The note is required')
    .max(DESK_NOTE_MAX_LENGTH, `The note may be at most ${DESK_NOTE_MAX_LENGTH} characters`),
});
export type AlertDeskNote = z.infer<typeof AlertDeskNoteSchema>;

/** POST /alert-desk/:id/close (new or acknowledged → closed). */
export const AlertDeskCloseSchema = z.object({
  resolution: z
    .string({ error: 'A resolution is required to close the alert' })
    .trim()
    .min(1, 'A resolution is required to close the alert')
    .max(
      DESK_RESOLUTION_MAX_LENGTH,
      `The resolution may be at most ${DESK_RESOLUTION_MAX_LENGTH} characters`,
    ),
});
export type AlertDeskClose = z.infer<typeof AlertDeskCloseSchema>;

/** POST /alert-desk/:id/reopen (closed → acknowledged; permission close-alert). */
export const AlertDeskReopenSchema = z.object({ note: optionalNote });
export type AlertDeskReopen = z.infer<typeof AlertDeskReopenSchema>;

/**
 * POST /alert-desk/:id/emergency-off: sends AIS-140 "emergency off" (`SET EO`, clears the device's emergency state)
 * to the alert's device. Only for SOS alerts of AIS-140 devices (`deviceProtocol === 'ais140'`); 400 otherwise.
 */
export const AlertDeskEmergencyOffSchema = z.object({
  confirm: z.literal(true, { error: 'Confirm sending emergency off (confirm: true)' }),
  note: optionalNote,
});
export type AlertDeskEmergencyOff = z.infer<typeof AlertDeskEmergencyOffSchema>;

export const AlertDeskEmergencyOffResultSchema = z.object({
  alert: AlertDeskDetailSchema,
  /** The queued command (status queued or sent; follow it with GET /command?deviceId=). */
  command: CommandSchema,
});
export type AlertDeskEmergencyOffResult = z.infer<typeof AlertDeskEmergencyOffResultSchema>;

// ------------------------------------------------------------------------------------------------------- assignees

/** GET /alert-desk/assignees?search=: enabled users of the caller's organisations (up to 50), for the assign picker. */
export const AlertDeskAssigneeQuerySchema = z.object({
  search: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
});
export type AlertDeskAssigneeQuery = z.infer<typeof AlertDeskAssigneeQuerySchema>;

export const AlertDeskAssigneeSchema = z.object({
  id: z.string(),
  name: z.string(),
  organisationName: z.string(),
  roleName: z.string(),
});
export type AlertDeskAssignee = z.infer<typeof AlertDeskAssigneeSchema>;
export const AlertDeskAssigneeListSchema = z.array(AlertDeskAssigneeSchema);

// -------------------------------------------------------------------------------------------------------- settings

/**
 * GET /alert-desk/settings/:organisationId (sos-desk) and PUT (organisation:edit-organisation-result-table). Stored
 * in organisation_settings.settings.alertDesk; an organisation that does not set it inherits it from the nearest
 * ancestor that does, else DEFAULT_DESK_ESCALATE_AFTER_MIN. PUT `{}` removes the organisation's own value.
 */
const { min: ESC_MIN, max: ESC_MAX } = DESK_ESCALATE_AFTER_MIN_BOUNDS;
const escalateRange = `deskEscalateAfterMin must be between ${ESC_MIN} and ${ESC_MAX} minutes`;
export const AlertDeskSettingsPatchSchema = z.strictObject({
  deskEscalateAfterMin: z
    .number({ error: 'deskEscalateAfterMin must be a number of minutes' })
    .int('deskEscalateAfterMin must be a whole number of minutes')
    .min(ESC_MIN, escalateRange)
    .max(ESC_MAX, escalateRange)
    .optional(),
});
export type AlertDeskSettingsPatch = z.infer<typeof AlertDeskSettingsPatchSchema>;

export const AlertDeskSettingsSchema = z.object({
  organisationId: z.string(),
  stored: z.object({ deskEscalateAfterMin: z.number().int().optional() }),
  effective: z.object({ deskEscalateAfterMin: z.number().int() }),
  defaults: z.object({ deskEscalateAfterMin: z.number().int() }),
});
export type AlertDeskSettings = z.infer<typeof AlertDeskSettingsSchema>;

// ------------------------------------------------------------------------------------------------------------ live

/**
 * A step taken on a desk alert (an operator's action or an escalation), published by the server after it committed.
 * New desk alerts reach the console as /v1/live `delta` alerts whose type is in ALERT_DESK_TYPES.
 */
export const AlertDeskChangeSchema = z.object({
  id: z.string(),
  organisationId: z.string(),
  type: z.enum(ALERT_DESK_TYPES),
  deskStatus: z.enum(ALERT_DESK_STATUSES),
  action: z.enum(ALERT_DESK_ACTIONS),
  at: z.string(),
});
export type AlertDeskChange = z.infer<typeof AlertDeskChangeSchema>;

/**
 * What /v1/live sends users holding `sos-desk` as desk steps happen in their organisations. Kept apart from
 * live.contract.ts `LiveMessage` so that live clients that do not handle it need no change (they ignore unknown
 * message types).
 */
export const LiveDeskMessageSchema = z.object({
  type: z.literal('desk'),
  changes: z.array(AlertDeskChangeSchema),
});
export type LiveDeskMessage = z.infer<typeof LiveDeskMessageSchema>;
