/**
 * Citizen complaints (issue 7, docs/swm.md "Complaints"): the categories with their SLA hours, the statuses and which
 * step may be taken from which status. Zod-free so that any screen can import the constants.
 *
 * SLA hours follow what Indian SWM grievance systems promise (Swachhata-MoHUA: garbage and sweeping 12 h, dead animal
 * 48 h; research/features.md I12); the others are set between those by urgency:
 * - a vehicle that did not come is fixed by sending one the same shift (6 h);
 * - a blocked drain floods a street in the next rain (24 h);
 * - construction debris and bulky waste need a loader and a tipper booked (48 h).
 */

export const COMPLAINT_CATEGORIES = [
  { id: 'garbage-not-collected', slaHours: 12 },
  { id: 'garbage-vulnerable-point', slaHours: 12 },
  { id: 'sweeping-not-done', slaHours: 12 },
  { id: 'vehicle-not-arrived', slaHours: 6 },
  { id: 'drain-blocked', slaHours: 24 },
  { id: 'overflowing-bin', slaHours: 12 },
  { id: 'debris', slaHours: 48 },
  { id: 'dead-animal', slaHours: 48 },
  { id: 'other', slaHours: 48 },
] as const satisfies ReadonlyArray<{ id: string; slaHours: number }>;

export type ComplaintCategory = (typeof COMPLAINT_CATEGORIES)[number]['id'];
export const COMPLAINT_CATEGORY_IDS = COMPLAINT_CATEGORIES.map((c) => c.id) as [
  ComplaintCategory,
  ...ComplaintCategory[],
];

/** SLA hours of a category (the complaint's due time = SLA start + these hours). */
export function complaintSlaHours(category: ComplaintCategory): number {
  return COMPLAINT_CATEGORIES.find((c) => c.id === category)?.slaHours ?? 48;
}

export const COMPLAINT_STATUSES = ['open', 'assigned', 'resolved', 'reopened'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];
/** What the list filters by: a status, or `unresolved` (open, assigned or reopened: what the dashboards count). */
export const COMPLAINT_STATUS_FILTERS = ['unresolved', ...COMPLAINT_STATUSES] as const;
export type ComplaintStatusFilter = (typeof COMPLAINT_STATUS_FILTERS)[number];

/** Steps of the timeline (complaint_events.action). */
export const COMPLAINT_ACTIONS = ['raise', 'edit', 'assign', 'note', 'resolve', 'reopen'] as const;
export type ComplaintAction = (typeof COMPLAINT_ACTIONS)[number];

/**
 * Which step may be taken from which status, and the status it leads to (null: the status stays).
 * A complaint can be resolved without an assignment (a supervisor who fixed it on the spot); a resolved complaint is
 * locked except for notes and reopening; reopening starts a fresh SLA period.
 */
export const COMPLAINT_TRANSITIONS: Record<
  Exclude<ComplaintAction, 'raise'>,
  { from: readonly ComplaintStatus[]; to: ComplaintStatus | null }
> = {
  edit: { from: ['open', 'assigned', 'reopened'], to: null },
  assign: { from: ['open', 'assigned', 'reopened'], to: 'assigned' },
  note: { from: ['open', 'assigned', 'resolved', 'reopened'], to: null },
  resolve: { from: ['open', 'assigned', 'reopened'], to: 'resolved' },
  reopen: { from: ['resolved'], to: 'reopened' },
};

export function canTakeComplaintStep(
  status: ComplaintStatus,
  action: Exclude<ComplaintAction, 'raise'>,
): boolean {
  return COMPLAINT_TRANSITIONS[action].from.includes(status);
}

/** GPS evidence defaults: the circle around the complaint and the longest window looked at. */
export const COMPLAINT_EVIDENCE_DEFAULT_RADIUS_M = 100;
export const COMPLAINT_EVIDENCE_RADIUS_BOUNDS_M = { min: 10, max: 1000 } as const;
export const COMPLAINT_EVIDENCE_MAX_HOURS = 48;
