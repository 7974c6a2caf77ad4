/**
 * SLA compliance (docs/swm.md "SLA compliance"): per group (the vehicle's ward, zone, contractor organisation, or the
 * vehicle itself), the mean `score` of the group's last `window` job runs (samples, default 61) whose window ended on
 * or before `asOfDay` (and before now). A run's score is the share of its route checkpoints met in its window, 0 when
 * it never started (job-run-evaluate.ts). Seam for the dashboards helper: `slaCompliance`.
 */
import { and, eq, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import { SLA_DEFAULT_WINDOW, type SlaComplianceRow, type SlaGroupBy } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { adminDivisions, jobRuns, organisations, vehicles } from '../../db/schema/index.ts';
import { localDayOf, localDayStartMs, nextLocalDay } from '../../derive/local-day.ts';
import { OPERATIONS_TIME_ZONE, type OrganisationIds } from './disposal-trips.ts';

export const UNASSIGNED_LABEL = 'Unassigned';

export interface SlaSample {
  /** Group key (ward / zone / contractor / vehicle id as a string); null = unassigned. */
  key: string | null;
  jobId: string;
  day: string;
  windowEndMs: number;
  score: number;
}

/**
 * Pure: per group, the mean score of its newest `window` samples ending at or before `cutoffMs` (ties on the window
 * end broken by day, then job id, newest first). Groups ordered by key (unassigned last).
 */
export function complianceFromSamples(
  samples: readonly SlaSample[],
  window: number,
  cutoffMs: number,
): Array<{ key: string | null; samples: number; compliance: number | null }> {
  const groups = new Map<string | null, SlaSample[]>();
  for (const s of samples) {
    if (s.windowEndMs > cutoffMs || !Number.isFinite(s.score)) continue;
    const list = groups.get(s.key) ?? [];
    list.push(s);
    groups.set(s.key, list);
  }
  const newestFirst = (a: SlaSample, b: SlaSample) =>
    b.windowEndMs - a.windowEndMs || b.day.localeCompare(a.day) || compareIds(b.jobId, a.jobId);
  const out = [...groups.entries()].map(([key, list]) => {
    const taken = [...list].sort(newestFirst).slice(0, Math.max(0, window));
    const sum = taken.reduce((acc, s) => acc + s.score, 0);
    return { key, samples: taken.length, compliance: taken.length ? sum / taken.length : null };
  });
  return out.sort((a, b) => (a.key === null ? 1 : b.key === null ? -1 : compareIds(a.key, b.key)));
}

function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

const groupColumn = (groupBy: SlaGroupBy) =>
  ({
    ward: vehicles.wardId,
    zone: vehicles.zoneId,
    contractor: vehicles.contractorOrganisationId,
    vehicle: vehicles.id,
  })[groupBy];

/** The instant after which a run's window does not count for `asOfDay`: its next local midnight, or now if sooner. */
export function slaCutoffMs(asOfDay: string, nowMs: number): number {
  return Math.min(localDayStartMs(nextLocalDay(asOfDay), OPERATIONS_TIME_ZONE), nowMs);
}

/** The samples (scored job runs) of the organisations, at most `window` newest per group before the cutoff. */
export async function loadSlaSamples(
  db: Db,
  args: { organisationIds: OrganisationIds; groupBy: SlaGroupBy; window: number; cutoffMs: number },
): Promise<SlaSample[]> {
  const key = groupColumn(args.groupBy);
  const conditions: Array<SQL | undefined> = [
    isNotNull(jobRuns.score),
    lte(jobRuns.windowEnd, new Date(args.cutoffMs)),
    eq(vehicles.deleted, false),
    args.organisationIds === 'all'
      ? undefined
      : inArray(jobRuns.organisationId, args.organisationIds.length ? args.organisationIds : [-1n]),
  ];
  const ranked = db
    .select({
      key: sql<string | null>`${key}::text`.as('group_key'),
      jobId: sql<string>`${jobRuns.jobId}::text`.as('job_id_text'),
      day: jobRuns.day,
      windowEnd: jobRuns.windowEnd,
      score: jobRuns.score,
      rank: sql<number>`row_number() over (partition by ${key} order by ${jobRuns.windowEnd} desc, ${jobRuns.day} desc, ${jobRuns.jobId} desc)`.as(
        'rank',
      ),
    })
    .from(jobRuns)
    .innerJoin(vehicles, eq(vehicles.id, jobRuns.vehicleId))
    .where(and(...conditions))
    .as('ranked');
  const rows = await db.select().from(ranked).where(lte(ranked.rank, args.window));
  return rows.map((r) => ({
    key: r.key,
    jobId: r.jobId,
    day: r.day,
    windowEndMs: new Date(r.windowEnd).getTime(),
    score: Number(r.score),
  }));
}

/** Labels of group keys: division names, contractor trade names, registration numbers. */
export async function groupLabels(
  db: Db,
  groupBy: SlaGroupBy,
  keys: ReadonlyArray<string | null>,
): Promise<Map<string, string>> {
  const ids = keys.filter((k): k is string => k !== null).map((k) => BigInt(k));
  const labels = new Map<string, string>();
  if (!ids.length) return labels;
  const rows =
    groupBy === 'ward' || groupBy === 'zone'
      ? await db
          .select({ id: adminDivisions.id, label: adminDivisions.name })
          .from(adminDivisions)
          .where(inArray(adminDivisions.id, ids))
      : groupBy === 'contractor'
        ? await db
            .select({ id: organisations.id, label: organisations.tradeName })
            .from(organisations)
            .where(inArray(organisations.id, ids))
        : await db
            .select({ id: vehicles.id, label: vehicles.registrationNumber })
            .from(vehicles)
            .where(inArray(vehicles.id, ids));
  for (const r of rows) labels.set(String(r.id), r.label);
  return labels;
}

export async function slaCompliance(
  db: Db,
  args: {
    organisationIds: OrganisationIds;
    groupBy: SlaGroupBy;
    /** Samples per group; default 61. */
    window?: number;
    /** Local yyyy-MM-dd; default today (Asia/Kolkata). */
    asOfDay?: string;
    now?: Date;
  },
): Promise<SlaComplianceRow[]> {
  const nowMs = (args.now ?? new Date()).getTime();
  const window = args.window ?? SLA_DEFAULT_WINDOW;
  const asOfDay = args.asOfDay ?? localDayOf(nowMs, OPERATIONS_TIME_ZONE);
  const cutoffMs = slaCutoffMs(asOfDay, nowMs);
  const samples = await loadSlaSamples(db, {
    organisationIds: args.organisationIds,
    groupBy: args.groupBy,
    window,
    cutoffMs,
  });
  const groups = complianceFromSamples(samples, window, cutoffMs);
  const labels = await groupLabels(
    db,
    args.groupBy,
    groups.map((g) => g.key),
  );
  return groups
    .map((g) => ({
      ...g,
      label: g.key === null ? UNASSIGNED_LABEL : (labels.get(g.key) ?? g.key),
    }))
    .sort((a, b) => (a.key === null ? 1 : b.key === null ? -1 : a.label.localeCompare(b.label)));
}
