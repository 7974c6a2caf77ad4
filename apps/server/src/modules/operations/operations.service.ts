/**
 * SWM operations (docs/swm.md): disposal trips and presence, dump-yard entries, dump mismatch, job runs, SLA
 * compliance, scorecard. Organisation-scoped: the caller's subtree; anything else is invisible (404 for a record).
 */
import type {
  DisposalTripRow,
  DisposalTripsQuery,
  DumpMismatchQuery,
  DumpMismatchRow,
  DumpYardEntry,
  DumpYardEntryInput,
  DumpYardEntryListQuery,
  DumpYardPresence,
  JobRun,
  JobRunQuery,
  ListPage,
  Scorecard,
  ScorecardQuery,
  SlaComplianceQuery,
  SlaComplianceRow,
} from '@civicfleet/shared';
import { DumpYardEntryInputSchema, OPERATIONS_MESSAGES } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { mapPage } from '../../db/list-query.ts';
import { localDayOf, nextLocalDay } from '../../derive/local-day.ts';
import { BadRequestError, NotFoundError } from '../../http/errors.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { runsOn, windowOn } from '../job/schedule.ts';
import { resolveOwnerOrganisation } from '../organisation/owner-organisation.ts';
import { toId, type Actor } from '../organisation/scope.ts';
import { disposalTrips, dumpYardPresence, OPERATIONS_TIME_ZONE } from './disposal-trips.ts';
import { dumpMismatch } from './dump-mismatch.ts';
import * as entries from './dump-yard-entry.repository.ts';
import * as runs from './job-run.repository.ts';
import { toJobRun } from './job-run.mapper.ts';
import { buildScorecard, dayRange } from './scorecard.ts';
import { slaCompliance } from './sla-compliance.ts';

export const DUMP_YARD_ENTRY_NOT_FOUND = 'Dump-yard entry not found.';
const FUTURE_SLACK_MS = 60_000;

const opt = (v: string | undefined) => (v === undefined ? undefined : toId(v));

function toEntry(row: entries.EntryRecord): DumpYardEntry {
  const e = row.entry;
  return {
    id: String(e.id),
    organisationId: String(e.organisationId),
    geofence: {
      id: String(e.geofenceId),
      name: row.geofenceName,
      kind: row.geofenceKind as DumpYardEntry['geofence']['kind'],
    },
    vehicle: { id: String(e.vehicleId), registrationNumber: row.registrationNumber },
    enteredAt: e.enteredAt.toISOString(),
    exitedAt: e.exitedAt?.toISOString() ?? null,
    grossKg: e.grossKg,
    tareKg: e.tareKg,
    netKg: e.grossKg !== null && e.tareKg !== null ? Math.round((e.grossKg - e.tareKg) * 100) / 100 : null,
    ticketNo: e.ticketNo,
    source: e.source as DumpYardEntry['source'],
    note: e.note,
    gpsConfirmed: Boolean(row.gpsConfirmed),
    recordedBy: row.recordedByName,
    createdAt: e.createdAt.toISOString(),
  };
}

/** Every local day from `from` to `to`, inclusive. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = nextLocalDay(d)) days.push(d);
  return days;
}

export function createOperationsService({ db, clock }: { db: Db; clock: Clock }) {
  const today = () => localDayOf(clock().getTime(), OPERATIONS_TIME_ZONE);

  return {
    async trips(auth: AuthContext, query: DisposalTripsQuery): Promise<DisposalTripRow[]> {
      const range = dayRange(query.from, query.to);
      return disposalTrips(db, {
        organisationIds: auth.orgIds,
        ...range,
        ...(query.vehicleId ? { vehicleIds: [toId(query.vehicleId)] } : {}),
        ...(query.geofenceId ? { geofenceIds: [toId(query.geofenceId)] } : {}),
        now: clock(),
      });
    },

    presence(auth: AuthContext): Promise<DumpYardPresence> {
      return dumpYardPresence(db, { organisationIds: auth.orgIds, now: clock() });
    },

    async listEntries(auth: AuthContext, query: DumpYardEntryListQuery): Promise<ListPage<DumpYardEntry>> {
      const page = await entries.listEntries(
        db,
        {
          orgIds: auth.orgIds,
          from: query.from ? dayRange(query.from, query.from).from : undefined,
          to: query.to ? dayRange(query.to, query.to).to : undefined,
          vehicleId: opt(query.vehicleId),
          geofenceId: opt(query.geofenceId),
        },
        query,
      );
      return mapPage(page, toEntry);
    },

    async createEntry(actor: Actor, body: DumpYardEntryInput): Promise<DumpYardEntry> {
      const input = DumpYardEntryInputSchema.parse(body);
      const { auth } = actor;
      const bad = (field: string, message: string) => new BadRequestError(message, { [field]: message });
      const nowMs = clock().getTime();
      if (Date.parse(input.enteredAt) > nowMs + FUTURE_SLACK_MS)
        throw bad('enteredAt', OPERATIONS_MESSAGES.future);
      if (input.exitedAt && Date.parse(input.exitedAt) > nowMs + FUTURE_SLACK_MS)
        throw bad('exitedAt', OPERATIONS_MESSAGES.future);
      const owner =
        input.organisationId === undefined
          ? undefined
          : await resolveOwnerOrganisation(db, auth, input.organisationId);
      const vehicle = await entries.findScopedVehicle(db, toId(input.vehicleId), auth.orgIds);
      if (!vehicle || (owner !== undefined && vehicle.organisationId !== owner))
        throw bad('vehicleId', OPERATIONS_MESSAGES.vehicle);
      const fence = await entries.findDisposalFence(db, toId(input.geofenceId), auth.orgIds);
      if (!fence) throw bad('geofenceId', OPERATIONS_MESSAGES.geofence);
      const organisationId = owner ?? vehicle.organisationId;
      const id = await db.transaction(async (tx) => {
        const newId = await entries.insertEntry(tx, {
          organisationId,
          geofenceId: fence.id,
          vehicleId: vehicle.id,
          enteredAt: new Date(input.enteredAt),
          exitedAt: input.exitedAt ? new Date(input.exitedAt) : null,
          grossKg: input.grossKg ?? null,
          tareKg: input.tareKg ?? null,
          ticketNo: input.ticketNo || null,
          source: input.source,
          note: input.note || null,
          recordedBy: auth.userId,
        });
        await recordAudit(tx, {
          action: 'dump-yard-entry.created',
          actorUserId: auth.userId,
          organisationId,
          entity: 'dump-yard-entry',
          entityId: newId,
          detail: { vehicleId: String(vehicle.id), geofenceId: String(fence.id), enteredAt: input.enteredAt },
          ip: actor.ip,
        });
        return newId;
      });
      const row = await entries.findEntry(db, id, auth.orgIds);
      if (!row) throw new NotFoundError(DUMP_YARD_ENTRY_NOT_FOUND);
      return toEntry(row);
    },

    async removeEntry(actor: Actor, id: bigint): Promise<void> {
      const row = await entries.findEntry(db, id, actor.auth.orgIds);
      if (!row) throw new NotFoundError(DUMP_YARD_ENTRY_NOT_FOUND);
      await db.transaction(async (tx) => {
        await entries.softDeleteEntry(tx, id);
        await recordAudit(tx, {
          action: 'dump-yard-entry.deleted',
          actorUserId: actor.auth.userId,
          organisationId: row.entry.organisationId,
          entity: 'dump-yard-entry',
          entityId: id,
          detail: { vehicleId: String(row.entry.vehicleId), enteredAt: row.entry.enteredAt.toISOString() },
          ip: actor.ip,
        });
      });
    },

    async mismatch(auth: AuthContext, query: DumpMismatchQuery): Promise<DumpMismatchRow[]> {
      const days = daysBetween(query.from, query.to);
      const range = dayRange(query.from, query.to);
      const vehicleId = opt(query.vehicleId);
      // Visits of the neighbouring days too: an entry near midnight may match a visit entered the day before.
      const around = {
        from: new Date(range.from.getTime() - 86_400_000),
        to: new Date(range.to.getTime() + 86_400_000),
      };
      const visits = await disposalTrips(db, {
        organisationIds: auth.orgIds,
        ...around,
        ...(vehicleId !== undefined ? { vehicleIds: [vehicleId] } : {}),
        now: clock(),
      });
      const recorded = await entries.entriesInRange(db, { orgIds: auth.orgIds, ...range, vehicleId });
      const jobs = await runs.jobsAround(db, { orgIds: auth.orgIds, vehicleId }, query.from, query.to);
      const scheduled = jobs.flatMap((j) =>
        days
          .filter((day) =>
            runsOn(
              {
                ...j.job,
                scheduleType: j.job.scheduleType as 'One Time' | 'Recurring',
                recurrence: j.job.recurrence as 'daily' | 'weekly' | 'monthly' | 'yearly' | 'custom' | null,
              },
              day,
            ),
          )
          .map((day) => ({
            vehicleId: String(j.job.vehicleId),
            day,
            expectedTrips: j.job.expectedTrips,
            windowEndMs: windowOn(j.job, day).end.getTime(),
          })),
      );
      const registrationNumbers = new Map<string, string>([
        ...jobs.map((j) => [String(j.job.vehicleId), j.registrationNumber] as const),
        ...visits.map((v) => [v.vehicleId, v.registrationNumber] as const),
        ...recorded.map((r) => [String(r.entry.vehicleId), r.registrationNumber] as const),
      ]);
      return dumpMismatch({
        days,
        runs: scheduled,
        visits: visits.map((v) => ({
          vehicleId: v.vehicleId,
          geofenceId: v.geofenceId,
          enteredMs: Date.parse(v.enteredAt),
          exitedMs: v.exitedAt === null ? null : Date.parse(v.exitedAt),
          day: v.day,
        })),
        entries: recorded.map((r) => ({
          id: String(r.entry.id),
          vehicleId: String(r.entry.vehicleId),
          geofenceId: String(r.entry.geofenceId),
          geofenceName: r.geofenceName,
          enteredMs: r.entry.enteredAt.getTime(),
          day: localDayOf(r.entry.enteredAt.getTime(), OPERATIONS_TIME_ZONE),
        })),
        registrationNumbers,
        nowMs: clock().getTime(),
      });
    },

    async jobRuns(auth: AuthContext, query: JobRunQuery): Promise<JobRun[]> {
      const rows = await runs.listJobRuns(db, {
        orgIds: auth.orgIds,
        day: query.day ?? today(),
        vehicleId: opt(query.vehicleId),
        status: query.status,
      });
      return rows.map(toJobRun);
    },

    sla(auth: AuthContext, query: SlaComplianceQuery): Promise<SlaComplianceRow[]> {
      return slaCompliance(db, {
        organisationIds: auth.orgIds,
        groupBy: query.groupBy,
        window: query.window,
        ...(query.asOfDay ? { asOfDay: query.asOfDay } : {}),
        now: clock(),
      });
    },

    scorecard(auth: AuthContext, query: ScorecardQuery): Promise<Scorecard> {
      return buildScorecard(db, auth.orgIds, query, clock());
    },
  };
}

export type OperationsService = ReturnType<typeof createOperationsService>;
