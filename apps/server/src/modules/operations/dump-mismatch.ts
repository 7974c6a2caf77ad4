/**
 * Dump mismatch (docs/swm.md "Dump mismatch"). Pure: no I/O, no clock. Per vehicle per local day:
 *
 * - expectedTrips: sum of `expected_trips` of the vehicle's job runs that day (jobs whose schedule runs on the day);
 * - gpsTrips: disposal trips (dump-yard / transfer-station visits) entered that day;
 * - recordedTrips: dump-yard entries recorded by the operator or a weighbridge that day (deleted ones excluded);
 * - unconfirmedEntries: recorded entries without GPS presence, i.e. no visit of that vehicle to that fence
 *   overlapping [enteredAt − 15 min, enteredAt + 15 min] (a visit still open extends to now);
 * - inProgress: a job window of the vehicle that day has not ended yet (the count is not final);
 * - status: 'unconfirmed-entry' when any entry is unconfirmed, else 'fewer-than-expected' when gpsTrips <
 *   expectedTrips and the day is not in progress, else 'ok'.
 *
 * A row exists for every vehicle and day of the range with any non-zero count.
 */
import {
  DUMP_ENTRY_GPS_TOLERANCE_MIN,
  type DumpMismatchRow,
  type DumpMismatchStatus,
} from '@civicfleet/shared';

export const GPS_TOLERANCE_MS = DUMP_ENTRY_GPS_TOLERANCE_MIN * 60_000;

export interface MismatchRun {
  vehicleId: string;
  day: string;
  expectedTrips: number;
  /** End of the run's window (epoch ms). */
  windowEndMs: number;
}

export interface MismatchVisit {
  vehicleId: string;
  geofenceId: string;
  enteredMs: number;
  /** null: still inside. */
  exitedMs: number | null;
  /** Local day of the entry. */
  day: string;
}

export interface MismatchEntry {
  id: string;
  vehicleId: string;
  geofenceId: string;
  geofenceName: string;
  enteredMs: number;
  day: string;
}

export interface DumpMismatchInput {
  /** Local days of the range, inclusive. */
  days: readonly string[];
  runs: readonly MismatchRun[];
  /** Visits of the range and its neighbouring days (an entry near midnight may match a visit of the other day). */
  visits: readonly MismatchVisit[];
  entries: readonly MismatchEntry[];
  registrationNumbers: ReadonlyMap<string, string>;
  nowMs: number;
}

/** Does a GPS visit of the entry's vehicle to the entry's fence overlap enteredAt ± 15 min? */
export function hasGpsPresence(
  entry: Pick<MismatchEntry, 'vehicleId' | 'geofenceId' | 'enteredMs'>,
  visits: readonly MismatchVisit[],
  nowMs: number,
): boolean {
  const from = entry.enteredMs - GPS_TOLERANCE_MS;
  const to = entry.enteredMs + GPS_TOLERANCE_MS;
  return visits.some(
    (v) =>
      v.vehicleId === entry.vehicleId &&
      v.geofenceId === entry.geofenceId &&
      v.enteredMs <= to &&
      (v.exitedMs ?? nowMs) >= from,
  );
}

interface Cell {
  inProgress: boolean;
  expectedTrips: number;
  gpsTrips: number;
  recordedTrips: number;
  unconfirmed: DumpMismatchRow['unconfirmedEntries'];
}

export function dumpMismatch(input: DumpMismatchInput): DumpMismatchRow[] {
  const days = new Set(input.days);
  const cells = new Map<string, Cell>();
  const cell = (vehicleId: string, day: string): Cell => {
    const key = `${day}|${vehicleId}`;
    let c = cells.get(key);
    if (!c) {
      c = { inProgress: false, expectedTrips: 0, gpsTrips: 0, recordedTrips: 0, unconfirmed: [] };
      cells.set(key, c);
    }
    return c;
  };
  for (const run of input.runs) {
    if (!days.has(run.day) || run.expectedTrips <= 0) continue;
    const c = cell(run.vehicleId, run.day);
    c.expectedTrips += run.expectedTrips;
    if (run.windowEndMs > input.nowMs) c.inProgress = true;
  }
  for (const visit of input.visits) if (days.has(visit.day)) cell(visit.vehicleId, visit.day).gpsTrips += 1;
  for (const entry of [...input.entries].sort((a, b) => a.enteredMs - b.enteredMs)) {
    if (!days.has(entry.day)) continue;
    const c = cell(entry.vehicleId, entry.day);
    c.recordedTrips += 1;
    if (!hasGpsPresence(entry, input.visits, input.nowMs))
      c.unconfirmed.push({
        entryId: entry.id,
        geofenceId: entry.geofenceId,
        geofenceName: entry.geofenceName,
        enteredAt: new Date(entry.enteredMs).toISOString(),
      });
  }
  const rows = [...cells.entries()].map(([key, c]): DumpMismatchRow => {
    const [day = '', vehicleId = ''] = key.split('|');
    const status: DumpMismatchStatus =
      c.unconfirmed.length > 0
        ? 'unconfirmed-entry'
        : c.gpsTrips < c.expectedTrips && !c.inProgress
          ? 'fewer-than-expected'
          : 'ok';
    return {
      day,
      vehicleId,
      registrationNumber: input.registrationNumbers.get(vehicleId) ?? vehicleId,
      expectedTrips: c.expectedTrips,
      gpsTrips: c.gpsTrips,
      recordedTrips: c.recordedTrips,
      unconfirmedEntries: c.unconfirmed,
      status,
      inProgress: c.inProgress,
    };
  });
  return rows.sort(
    (a, b) => a.day.localeCompare(b.day) || a.registrationNumber.localeCompare(b.registrationNumber),
  );
}
