/** Database rows → the wire shapes of complaint.contract.ts. */
import {
  COMPLAINT_ACTIONS,
  COMPLAINT_CATEGORY_IDS,
  ComplaintEvidenceSchema,
  type Complaint,
  type ComplaintAction,
  type ComplaintCategory,
  type ComplaintDetail,
  type ComplaintEvidence,
  type ComplaintStatus,
  type ComplaintTimelineEntry,
} from '@civicfleet/shared';
import type { ComplaintRecord, TimelineRow } from './complaint.repository.ts';
import type { VehiclePass } from './complaint-evidence.ts';

const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString());
const ref = (id: bigint | null, name: string | null) =>
  id === null ? null : { id: String(id), name: name ?? `#${id}` };

/** When the SLA period began: raised, or the latest reopening (due time minus the SLA hours). */
export function slaStartOf(row: { dueAt: Date; slaHours: number }): Date {
  return new Date(row.dueAt.getTime() - row.slaHours * 3_600_000);
}

const isCategory = (value: string): value is ComplaintCategory =>
  (COMPLAINT_CATEGORY_IDS as readonly string[]).includes(value);

export function toComplaint(record: ComplaintRecord, now: Date): Complaint {
  const c = record.complaint;
  const resolved = c.status === 'resolved';
  return {
    id: String(c.id),
    organisation: { id: String(c.organisationId), name: record.organisationName },
    // A category dropped from the catalogue after the complaint was raised shows as 'other' rather than failing.
    category: isCategory(c.category) ? c.category : 'other',
    description: c.description,
    status: c.status as ComplaintStatus,
    ward: ref(c.wardId, record.wardName),
    lat: c.lat,
    lon: c.lon,
    address: c.address,
    photos: c.photos,
    citizenName: c.citizenName,
    citizenPhone: c.citizenPhone,
    slaHours: c.slaHours,
    dueAt: c.dueAt.toISOString(),
    overdue: !resolved && now.getTime() > c.dueAt.getTime(),
    assignedStaff: ref(c.assignedStaffId, record.staffName),
    assignedAt: iso(c.assignedAt),
    resolvedAt: iso(c.resolvedAt),
    resolvedBy: ref(c.resolvedBy, record.resolvedByName),
    resolvedLate: resolved && c.resolvedAt ? c.resolvedAt.getTime() > c.dueAt.getTime() : null,
    reopenCount: c.reopenCount,
    createdBy: ref(c.createdBy, record.createdByName),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** A stored evidence document that no longer parses (hand-edited) is shown as none rather than failing the page. */
export function parseEvidence(value: unknown): ComplaintEvidence | null {
  if (value === null || value === undefined) return null;
  const parsed = ComplaintEvidenceSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

const isAction = (value: string): value is ComplaintAction =>
  (COMPLAINT_ACTIONS as readonly string[]).includes(value);

export function toTimelineEntry(row: TimelineRow): ComplaintTimelineEntry {
  return {
    id: String(row.id),
    action: isAction(row.action) ? row.action : 'note',
    at: row.at.toISOString(),
    user: ref(row.userId, row.userName),
    note: row.note,
    attrs: row.attrs ?? null,
  };
}

export function toDetail(record: ComplaintRecord, timeline: TimelineRow[], now: Date): ComplaintDetail {
  return {
    ...toComplaint(record, now),
    resolutionNote: record.complaint.resolutionNote,
    resolutionPhotos: record.complaint.resolutionPhotos,
    evidence: parseEvidence(record.complaint.evidence),
    timeline: timeline.map(toTimelineEntry),
  };
}

export function toEvidence(args: {
  lat: number;
  lon: number;
  radiusM: number;
  from: Date;
  to: Date;
  computedAt: Date;
  passes: VehiclePass[];
}): ComplaintEvidence {
  return {
    lat: args.lat,
    lon: args.lon,
    radiusM: args.radiusM,
    from: args.from.toISOString(),
    to: args.to.toISOString(),
    computedAt: args.computedAt.toISOString(),
    anyVehiclePassed: args.passes.length > 0,
    vehicles: args.passes.map((p) => ({
      vehicleId: p.vehicleId,
      registrationNumber: p.registrationNumber,
      closestDistanceM: p.closestDistanceM,
      closestAt: new Date(p.closestAtMs).toISOString(),
      closestLat: p.closestLat,
      closestLon: p.closestLon,
      speedKph: p.speedKph,
      fixesInside: p.fixesInside,
      firstInsideAt: new Date(p.firstInsideAtMs).toISOString(),
      lastInsideAt: new Date(p.lastInsideAtMs).toISOString(),
    })),
  };
}
