/** Rows → the alert-desk contract (ids as decimal strings, times as ISO strings). */
import {
  isAlertDeskType,
  type AlertDeskAction,
  type AlertDeskDetail,
  type AlertDeskItem,
  type AlertDeskStatus,
  type AlertDeskUserRef,
  type Command,
} from '@civicfleet/shared';
import type { CommandRow, DeskAlertRecord, listTimeline } from './alert-desk.repository.ts';

type TimelineRow = Awaited<ReturnType<typeof listTimeline>>[number];

const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString());

function userRef(id: bigint | null, name: string | null): AlertDeskUserRef | null {
  return id === null ? null : { id: String(id), name: name ?? '' };
}

/** The identityConflict alert's attrs (gateway/identity/identity-guard.ts) as the contract's `identity`. */
function identityOf(type: string, attrs: Record<string, unknown> | null): AlertDeskItem['identity'] {
  if (type !== 'identityConflict' || !attrs) return null;
  const address = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    previousAddress: address(attrs.previousAddress),
    newAddress: address(attrs.newAddress),
    conflicts: typeof attrs.conflicts === 'number' ? attrs.conflicts : 1,
    cloneSuspected: attrs.cloneSuspected === true,
  };
}

export function toDeskItem(record: DeskAlertRecord): AlertDeskItem {
  const e = record.event;
  // The repository reads desk alerts only (desk_status not null, type from the desk list at insert).
  if (!isAlertDeskType(e.type)) throw new Error(`event ${e.id} of type ${e.type} is not a desk alert`);
  return {
    id: String(e.id),
    type: e.type,
    vehicleId: e.vehicleId === null ? null : String(e.vehicleId),
    vehicleRegistration: record.vehicleRegistration,
    deviceId: String(e.deviceId),
    deviceImei: record.deviceImei,
    deviceProtocol: record.deviceProtocol ?? 'unknown',
    organisationId: String(e.organisationId),
    organisationName: record.organisationName,
    startedAt: e.startedAt.toISOString(),
    lastAt: e.lastAt.toISOString(),
    repeatCount: e.repeatCount,
    endedAt: iso(e.endedAt),
    lat: e.lat,
    lon: e.lon,
    late: e.late,
    unverified: e.attrs?.unverified === true,
    identity: identityOf(e.type, e.attrs),
    deskStatus: e.deskStatus as AlertDeskStatus,
    acknowledgedBy: userRef(e.acknowledgedBy, record.acknowledgedByName),
    acknowledgedAt: iso(e.acknowledgedAt),
    assignedTo: userRef(e.assignedTo, record.assignedToName),
    assignedAt: iso(e.assignedAt),
    escalationLevel: e.escalationLevel,
    escalatedAt: iso(e.escalatedAt),
    closedBy: userRef(e.closedBy, record.closedByName),
    closedAt: iso(e.closedAt),
    resolution: e.resolution,
  };
}

export function toDeskDetail(record: DeskAlertRecord, timeline: readonly TimelineRow[]): AlertDeskDetail {
  return {
    ...toDeskItem(record),
    timeline: timeline.map((t) => ({
      id: String(t.id),
      action: t.action as AlertDeskAction,
      user: userRef(t.userId, t.userName),
      assignee: userRef(t.assigneeId, t.assigneeName),
      note: t.note,
      at: t.at.toISOString(),
    })),
  };
}

export function toCommand(row: CommandRow): Command {
  return {
    id: String(row.id),
    deviceId: String(row.deviceId),
    type: row.type,
    text: row.text,
    status: row.status,
    createdBy: row.createdBy === null ? null : String(row.createdBy),
    createdAt: row.createdAt.toISOString(),
    sentAt: iso(row.sentAt),
    answeredAt: iso(row.answeredAt),
    expiresAt: row.expiresAt.toISOString(),
    response: row.response,
  };
}
