/**
 * Device identity in depth (issue 20 finding 2; docs/security.md "Device identity"). GT06 and its kin authenticate
 * nothing: whoever sends a login with a device's IMEI is that device to the protocol. What the gateway adds:
 *
 * - takeover detection: when a connection identifies as a device whose current connection, from ANOTHER address,
 *   sent a frame within the takeover guard, that is an identity conflict: a one-shot `identityConflict` alert (SOS
 *   desk, live feed), an audit_log row and `devices.identity_conflict_at` / `identity_conflicts`, written in the
 *   ingest batch's transaction. From CLONE_SUSPECTED_AFTER conflicts on (flapping between two addresses),
 *   `devices.clone_suspected_at` is set. The newer connection still wins: a real device whose address changed must
 *   keep working, and the desk decides. Closing the conflict on the desk clears the columns (modules/alert-desk).
 * - commands: while a conflict is open, commands go only to a connection older than the takeover guard
 *   (holdCommandsUntilMs; commands.ts re-tries when the hold ends).
 * - SOS verification: an SOS from a connection that has not yet sent a fix consistent with the device's last known
 *   place is still raised, marked `attrs.unverified` (placeConsistent).
 */
import { haversineM } from '../../derive/geo.ts';
import type { BatchTable } from '../ingest/batch.ts';
import { linkAt, type DeviceState } from '../ingest/device-state.ts';
import type { EventRow } from '../ingest/rows.ts';
import { unnestStatements, json, text } from '../ingest/sql-values.ts';
import type { IngestWriter } from '../ingest/writer.ts';
import type { GatewayLog } from '../connection.ts';
import { plainAddress } from './source-networks.ts';

/** Conflicts (takeovers from another address) after which the device is marked "clone suspected". */
export const CLONE_SUSPECTED_AFTER = 3;
export const IDENTITY_CONFLICT_TYPE = 'identityConflict';
export const IDENTITY_CONFLICT_AUDIT = 'device.identity-conflict';

/** A fix is consistent with the last known place within this distance plus what the vehicle could have driven. */
export const PLACE_TOLERANCE_M = 2_000;
export const PLAUSIBLE_SPEED_KPH = 120;

export interface IdentityConflictRow {
  deviceId: bigint;
  organisationId: bigint;
  imei: string;
  at: Date;
  previousAddress: string | null;
  newAddress: string | null;
  conflicts: number;
  cloneSuspected: boolean;
}

const DEVICE_UPDATE = `UPDATE devices d SET identity_conflict_at = u.at, identity_conflicts = u.conflicts,
    clone_suspected_at = CASE WHEN u.clone THEN coalesce(d.clone_suspected_at, u.at) ELSE d.clone_suspected_at END
  FROM (SELECT device_id, max(at) AS at, max(conflicts) AS conflicts, bool_or(clone) AS clone
        FROM unnest($1::bigint[], $2::timestamptz[], $3::int[], $4::boolean[]) AS r(device_id, at, conflicts, clone)
        GROUP BY device_id) u
  WHERE d.id = u.device_id`;

const AUDIT_INSERT = `INSERT INTO audit_log (at, organisation_id, action, entity, entity_id, detail, ip)
  SELECT * FROM unnest($1::timestamptz[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::jsonb[], $7::text[])`;

/** The devices columns and the audit rows of the conflicts a batch raised (its events go with the batch's alerts). */
export const identityConflictTable: BatchTable<IdentityConflictRow> = {
  name: 'identity-conflicts',
  statements(rows) {
    return [
      ...unnestStatements(
        DEVICE_UPDATE,
        [
          ['device_id', 'bigint', 'number', (r: IdentityConflictRow) => r.deviceId],
          ['at', 'timestamptz', 'time', (r: IdentityConflictRow) => r.at],
          ['conflicts', 'int', 'number', (r: IdentityConflictRow) => r.conflicts],
          ['clone', 'boolean', 'boolean', (r: IdentityConflictRow) => r.cloneSuspected],
        ],
        rows,
      ),
      ...unnestStatements(
        AUDIT_INSERT,
        [
          ['at', 'timestamptz', 'time', (r: IdentityConflictRow) => r.at],
          ['organisation_id', 'bigint', 'number', (r: IdentityConflictRow) => r.organisationId],
          ['action', 'text', 'text', () => IDENTITY_CONFLICT_AUDIT],
          ['entity', 'text', 'text', () => 'device'],
          ['entity_id', 'text', 'text', (r: IdentityConflictRow) => String(r.deviceId)],
          ['detail', 'jsonb', 'text', (r: IdentityConflictRow) => json(detailOf(r))],
          ['ip', 'text', 'text', (r: IdentityConflictRow) => text(r.newAddress)],
        ],
        rows,
      ),
    ];
  },
};

const detailOf = (r: IdentityConflictRow) => ({
  imei: r.imei,
  previousAddress: r.previousAddress,
  newAddress: r.newAddress,
  conflicts: r.conflicts,
  cloneSuspected: r.cloneSuspected,
});

/** What the guard needs to know of a connection. */
export interface ConnectionIdentity {
  readonly remoteAddress: string | null;
  readonly openedAtMs: number;
  /** When it last received a frame (epoch ms). */
  readonly lastFrameAtMs: number;
}

export interface IdentityGuard {
  /**
   * `next` identifies as the device that `previous` holds (or held: undefined when no connection has it here).
   * Raises an identity conflict when `previous` is from another address and heard within the guard; true then.
   */
  takeover(state: DeviceState, previous: ConnectionIdentity | undefined, next: ConnectionIdentity): boolean;
  /** Commands wait until this instant (0: send now) for a connection opened at `openedAtMs`. */
  holdCommandsUntilMs(state: DeviceState | null, openedAtMs: number): number;
  readonly guardMs: number;
}

const hostOf = (address: string | null) => (address === null ? null : plainAddress(address));

export function createIdentityGuard(deps: {
  writer: IngestWriter;
  clock: () => number;
  guardMs: number;
  log: GatewayLog;
}): IdentityGuard {
  const { guardMs } = deps;
  return {
    guardMs,
    takeover(state, previous, next) {
      if (!previous) return false;
      const nowMs = deps.clock();
      const previousHost = hostOf(previous.remoteAddress);
      const nextHost = hostOf(next.remoteAddress);
      if (previousHost === nextHost || nowMs - previous.lastFrameAtMs > guardMs) return false;
      const device = state.device;
      const at = new Date(nowMs);
      const conflicts = (device.identityConflicts ?? 0) + 1;
      const cloneSuspected = conflicts >= CLONE_SUSPECTED_AFTER;
      device.identityConflictAt = at;
      device.identityConflicts = conflicts;
      if (cloneSuspected && !device.cloneSuspectedAt) device.cloneSuspectedAt = at;
      const link = linkAt(state.links, nowMs);
      const organisationId = link?.organisationId ?? device.organisationId;
      const attrs = {
        previousAddress: previousHost,
        newAddress: nextHost,
        conflicts,
        cloneSuspected,
      };
      const event: EventRow = {
        deviceId: device.id,
        vehicleId: link?.vehicleId ?? null,
        organisationId,
        type: IDENTITY_CONFLICT_TYPE,
        startedAt: at,
        // One-shot: every takeover is its own row (the open-alert index would fold repeats into one).
        endedAt: at,
        lastAt: at,
        repeatCount: 1,
        lat: state.latest?.lat ?? null,
        lon: state.latest?.lon ?? null,
        late: false,
        attrs,
      };
      deps.writer.write((batch) => {
        batch.newEvents.push(event);
        batch.add(identityConflictTable, {
          deviceId: device.id,
          organisationId,
          imei: device.imei,
          at,
          previousAddress: previousHost,
          newAddress: nextHost,
          conflicts,
          cloneSuspected,
        });
      });
      deps.log.warn(
        { imei: device.imei, ...attrs },
        'device identity conflict: connection taken over from another address',
      );
      return true;
    },
    holdCommandsUntilMs(state, openedAtMs) {
      if (!state?.device.identityConflictAt) return 0;
      const until = openedAtMs + guardMs;
      return until > deps.clock() ? until : 0;
    },
  };
}

/**
 * Whether a fix is consistent with the place the device was last known at (`reference`, taken when the connection
 * identified): within PLACE_TOLERANCE_M plus PLAUSIBLE_SPEED_KPH × the time since. No reference: consistent.
 */
export function placeConsistent(
  reference: { lat: number; lon: number; atMs: number } | null,
  fix: { lat: number; lon: number; atMs: number },
): boolean {
  if (!reference) return true;
  const hours = Math.max(0, fix.atMs - reference.atMs) / 3_600_000;
  return haversineM(reference, fix) <= PLACE_TOLERANCE_M + hours * PLAUSIBLE_SPEED_KPH * 1000;
}
