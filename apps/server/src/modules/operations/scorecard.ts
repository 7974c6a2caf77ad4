/** Loads the scorecard's facts for a scope and a range of local days and builds it (scorecard-build.ts). */
import { and, eq, gte, inArray, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Alarm } from '@civicfleet/protocols';
import type { Scorecard, ScorecardQuery } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { complaints, events, jobRuns, vehicles } from '../../db/schema/index.ts';
import { localDayStartMs, nextLocalDay } from '../../derive/local-day.ts';
import { orgScope, type OrgIds } from '../organisation/scope.ts';
import { disposalTrips, OPERATIONS_TIME_ZONE } from './disposal-trips.ts';
import {
  contractorRows,
  totalsRow,
  wardRows,
  type ScorecardFacts,
  type ScorecardSla,
} from './scorecard-build.ts';
import {
  complianceFromSamples,
  groupLabels,
  loadSlaSamples,
  slaCutoffMs,
  UNASSIGNED_LABEL,
} from './sla-compliance.ts';

/** Alarms that count as tampering (packages/protocols ALARMS): tamper, box opened, wire cut, main power cut. */
export const TAMPERING_ALARMS = [
  'tamper',
  'boxOpened',
  'wireCut',
  'powerCut',
] as const satisfies readonly Alarm[];
export const SCORECARD_TOTAL_LABEL = 'All';

const SLA_WINDOW = 61;

/** [start of `from`, start of the day after `to`) in Asia/Kolkata. */
export function dayRange(from: string, to: string): { from: Date; to: Date } {
  return {
    from: new Date(localDayStartMs(from, OPERATIONS_TIME_ZONE)),
    to: new Date(localDayStartMs(nextLocalDay(to), OPERATIONS_TIME_ZONE)),
  };
}

const str = (v: bigint | null) => (v === null ? null : String(v));

async function loadFacts(
  db: Db,
  orgIds: OrgIds,
  query: ScorecardQuery,
  nowMs: number,
): Promise<ScorecardFacts> {
  const range = dayRange(query.from, query.to);
  const fleet = await db
    .select({ id: vehicles.id, wardId: vehicles.wardId, contractorId: vehicles.contractorOrganisationId })
    .from(vehicles)
    .where(and(eq(vehicles.deleted, false), orgScope(orgIds, vehicles.organisationId)));
  const ids = fleet.map((v) => v.id);
  const some = (column: typeof jobRuns.vehicleId | typeof events.vehicleId): SQL =>
    inArray(column, ids.length ? ids : [-1n]);
  const runs = await db
    .select({
      vehicleId: jobRuns.vehicleId,
      checkpointsTotal: jobRuns.checkpointsTotal,
      checkpointsMet: jobRuns.checkpointsMet,
      expectedTrips: jobRuns.expectedTrips,
    })
    .from(jobRuns)
    .where(
      and(
        gte(jobRuns.day, query.from),
        lte(jobRuns.day, query.to),
        ne(jobRuns.status, 'scheduled'),
        some(jobRuns.vehicleId),
      ),
    );
  const trips = new Map<string, number>();
  for (const trip of await disposalTrips(db, { organisationIds: orgIds, from: range.from, to: range.to }))
    trips.set(trip.vehicleId, (trips.get(trip.vehicleId) ?? 0) + 1);
  const tamperRows = await db
    .select({ vehicleId: events.vehicleId, n: sql<number>`count(*)::int` })
    .from(events)
    .where(
      and(
        inArray(events.type, [...TAMPERING_ALARMS]),
        gte(events.startedAt, range.from),
        lt(events.startedAt, range.to),
        some(events.vehicleId),
      ),
    )
    .groupBy(events.vehicleId);
  const complaintRows = await db
    .select({
      wardId: complaints.wardId,
      createdAt: complaints.createdAt,
      resolvedAt: complaints.resolvedAt,
      status: complaints.status,
      dueAt: complaints.dueAt,
    })
    .from(complaints)
    .where(
      and(
        gte(complaints.createdAt, range.from),
        lt(complaints.createdAt, range.to),
        orgScope(orgIds, complaints.organisationId),
      ),
    );
  return {
    vehicles: fleet.map((v) => ({
      id: String(v.id),
      wardId: str(v.wardId),
      contractorId: str(v.contractorId),
    })),
    runs: runs.map((r) => ({ ...r, vehicleId: String(r.vehicleId) })),
    trips,
    tampering: new Map(tamperRows.map((r) => [String(r.vehicleId), Number(r.n)])),
    complaints: complaintRows.map((c) => ({
      wardId: str(c.wardId),
      createdMs: c.createdAt.getTime(),
      resolvedMs: c.status === 'resolved' && c.resolvedAt ? c.resolvedAt.getTime() : null,
      dueMs: c.dueAt.getTime(),
    })),
    nowMs,
  };
}

async function slaOf(db: Db, orgIds: OrgIds, groupBy: 'ward' | 'contractor', asOfDay: string, nowMs: number) {
  const cutoffMs = slaCutoffMs(asOfDay, nowMs);
  const samples = await loadSlaSamples(db, {
    organisationIds: orgIds,
    groupBy,
    window: SLA_WINDOW,
    cutoffMs,
  });
  return complianceFromSamples(samples, SLA_WINDOW, cutoffMs) satisfies ScorecardSla[];
}

export async function buildScorecard(
  db: Db,
  orgIds: OrgIds,
  query: ScorecardQuery,
  now: Date,
): Promise<Scorecard> {
  const nowMs = now.getTime();
  const facts = await loadFacts(db, orgIds, query, nowMs);
  const wardSla = await slaOf(db, orgIds, 'ward', query.to, nowMs);
  const wantWards = query.groupBy !== 'contractor';
  const wantContractors = query.groupBy !== 'ward';
  const wards = wantWards
    ? wardRows(
        facts,
        await groupLabels(db, 'ward', [
          ...facts.vehicles.map((v) => v.wardId),
          ...facts.complaints.map((c) => c.wardId),
        ]),
        wardSla,
        UNASSIGNED_LABEL,
      )
    : [];
  const contractors = wantContractors
    ? contractorRows(
        facts,
        await groupLabels(
          db,
          'contractor',
          facts.vehicles.map((v) => v.contractorId),
        ),
        await slaOf(db, orgIds, 'contractor', query.to, nowMs),
        'Run by the municipality',
      )
    : [];
  return {
    from: query.from,
    to: query.to,
    generatedAt: now.toISOString(),
    wards,
    contractors,
    totals: totalsRow(facts, wardSla, SCORECARD_TOTAL_LABEL),
  };
}
