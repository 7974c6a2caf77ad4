/**
 * The ward and contractor scorecard (docs/swm.md "Ward and contractor scorecard"). Pure: the loaded facts in, the rows
 * out. Vehicle-based measures (coverage, trips, SLA, tampering, vehicles) follow the vehicle's ward and contractor
 * organisation; complaints follow the complaint's ward, and for a contractor the wards its vehicles are assigned to.
 */
import type { ScorecardRow } from '@civicfleet/shared';

export interface ScorecardVehicle {
  id: string;
  wardId: string | null;
  contractorId: string | null;
}

export interface ScorecardRun {
  vehicleId: string;
  checkpointsTotal: number;
  checkpointsMet: number;
  expectedTrips: number;
}

export interface ScorecardComplaint {
  wardId: string | null;
  createdMs: number;
  /** Set when the complaint's status is resolved. */
  resolvedMs: number | null;
  dueMs: number;
}

export interface ScorecardSla {
  key: string | null;
  samples: number;
  compliance: number | null;
}

export interface ScorecardFacts {
  vehicles: readonly ScorecardVehicle[];
  runs: readonly ScorecardRun[];
  /** Disposal trips (GPS) per vehicle id. */
  trips: ReadonlyMap<string, number>;
  /** Tampering alerts per vehicle id. */
  tampering: ReadonlyMap<string, number>;
  complaints: readonly ScorecardComplaint[];
  nowMs: number;
}

const HOUR_MS = 3_600_000;

export function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const hi = sorted[mid] ?? 0;
  return sorted.length % 2 ? hi : ((sorted[mid - 1] ?? 0) + hi) / 2;
}

/** Overdue (docs/swm.md "Complaints"): not resolved and past its due time. */
export const isOverdue = (c: ScorecardComplaint, nowMs: number) => c.resolvedMs === null && nowMs > c.dueMs;

const round2 = (v: number) => Math.round(v * 100) / 100;

/** One row over a set of vehicles and complaints. */
export function scorecardRow(
  key: string | null,
  label: string,
  facts: ScorecardFacts,
  vehicleIds: ReadonlySet<string>,
  complaints: readonly ScorecardComplaint[],
  sla: ScorecardSla | undefined,
): ScorecardRow {
  const runs = facts.runs.filter((r) => vehicleIds.has(r.vehicleId));
  const checkpointsTotal = runs.reduce((a, r) => a + r.checkpointsTotal, 0);
  const checkpointsMet = runs.reduce((a, r) => a + r.checkpointsMet, 0);
  let gpsTrips = 0;
  let tamperingEvents = 0;
  for (const id of vehicleIds) {
    gpsTrips += facts.trips.get(id) ?? 0;
    tamperingEvents += facts.tampering.get(id) ?? 0;
  }
  const resolvedH = complaints
    .filter((c) => c.resolvedMs !== null)
    .map((c) => ((c.resolvedMs ?? 0) - c.createdMs) / HOUR_MS);
  const meanH = resolvedH.length ? resolvedH.reduce((a, h) => a + h, 0) / resolvedH.length : null;
  const medianH = median(resolvedH);
  return {
    key,
    label,
    vehicles: vehicleIds.size,
    jobRuns: runs.length,
    checkpointsTotal,
    checkpointsMet,
    coveragePct: checkpointsTotal ? round2((checkpointsMet / checkpointsTotal) * 100) : null,
    gpsTrips,
    expectedTrips: runs.reduce((a, r) => a + r.expectedTrips, 0),
    slaCompliance: sla?.compliance ?? null,
    slaSamples: sla?.samples ?? 0,
    complaintsRaised: complaints.length,
    complaintsResolved: resolvedH.length,
    resolutionMedianH: medianH === null ? null : round2(medianH),
    resolutionMeanH: meanH === null ? null : round2(meanH),
    complaintsOverdue: complaints.filter((c) => isOverdue(c, facts.nowMs)).length,
    tamperingEvents,
  };
}

const orderRows = (rows: ScorecardRow[]) =>
  rows.sort((a, b) => (a.key === null ? 1 : b.key === null ? -1 : a.label.localeCompare(b.label)));

export function wardRows(
  facts: ScorecardFacts,
  labels: ReadonlyMap<string, string>,
  sla: readonly ScorecardSla[],
  unassignedLabel: string,
): ScorecardRow[] {
  const keys = new Set<string | null>([
    ...facts.vehicles.map((v) => v.wardId),
    ...facts.complaints.map((c) => c.wardId),
  ]);
  return orderRows(
    [...keys].map((key) =>
      scorecardRow(
        key,
        key === null ? unassignedLabel : (labels.get(key) ?? key),
        facts,
        new Set(facts.vehicles.filter((v) => v.wardId === key).map((v) => v.id)),
        facts.complaints.filter((c) => c.wardId === key),
        sla.find((s) => s.key === key),
      ),
    ),
  );
}

export function contractorRows(
  facts: ScorecardFacts,
  labels: ReadonlyMap<string, string>,
  sla: readonly ScorecardSla[],
  unassignedLabel: string,
): ScorecardRow[] {
  const keys = new Set<string | null>(facts.vehicles.map((v) => v.contractorId));
  return orderRows(
    [...keys].map((key) => {
      const fleet = facts.vehicles.filter((v) => v.contractorId === key);
      const wards = new Set(fleet.map((v) => v.wardId).filter((w): w is string => w !== null));
      return scorecardRow(
        key,
        key === null ? unassignedLabel : (labels.get(key) ?? key),
        facts,
        new Set(fleet.map((v) => v.id)),
        facts.complaints.filter((c) => c.wardId !== null && wards.has(c.wardId)),
        sla.find((s) => s.key === key),
      );
    }),
  );
}

/** All vehicles and all complaints of the scope; SLA = mean over every group's samples (sample-weighted). */
export function totalsRow(facts: ScorecardFacts, sla: readonly ScorecardSla[], label: string): ScorecardRow {
  const samples = sla.reduce((a, s) => a + s.samples, 0);
  const weighted = sla.reduce((a, s) => a + (s.compliance ?? 0) * s.samples, 0);
  return scorecardRow(null, label, facts, new Set(facts.vehicles.map((v) => v.id)), facts.complaints, {
    key: null,
    samples,
    compliance: samples ? weighted / samples : null,
  });
}
