/**
 * Worker job `retention` (docs/retention.md), hourly. Per organisation settings (inherited, retention-policy.ts):
 *
 * - positions and raw_logs: a monthly partition whose whole month is older than the LONGEST retention of any
 *   organisation is dropped (DROP TABLE IF EXISTS: instant, no table-wide DELETE). Organisations keeping less have
 *   their expired rows in the partitions still kept deleted in bounded batches; so are rows of the DEFAULT partition
 *   older than the longest retention. The longest-keeping organisations' rows go with their partition, up to a month
 *   after they expire.
 * - events (closed alerts only), and the rollups (daily stats, trips, intervals, visits, processed driver-id reads)
 *   by batches per group of organisations with the same setting. Rollups are never kept shorter than positions, even
 *   when an ancestor's change makes the stored values disagree.
 *
 * Every step is idempotent and bounded (`batchSize` rows per statement, `maxBatches` statements per run): two workers
 * running it at once only share the work, and what one run leaves is done by the next.
 * Registered in worker/jobs.ts `workerJobs` as `retentionJob(deps.db, deps.clock)`.
 */
import { DEFAULT_RETENTION_SETTINGS, type RetentionSettingsValues } from '@civicfleet/shared';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { PARTITIONED_TABLES, type PartitionedTable } from '../../gateway/ingest/partitions.ts';
import type { Clock } from '../../http/types.ts';
import type { Job } from '../../worker/runner.ts';
import {
  ROLLUP_TABLES,
  deleteBatchByCtid,
  deleteEventsBatch,
  deleteRollupBatch,
  dropPartition,
  listPartitions,
  olderThan,
  positionsOfOrganisations,
  rawLogsOfOrganisations,
  type RollupTable,
} from './retention-job.repository.ts';
import { resolveAllRetention } from './retention-policy.ts';
import { listOrganisationRetention } from './retention-settings.repository.ts';

export const RETENTION_JOB = 'retention';
const DAY_MS = 86_400_000;

export interface RetentionOptions {
  /** Rows per DELETE statement. */
  batchSize: number;
  /**
   * DELETE statements that delete something, per run, all tables together; the rest waits for the next run. (A
   * statement that finds nothing is one index probe per table, group of organisations and partition.)
   */
  maxBatches: number;
  /** How long a partition DROP may wait for its lock before it is left for the next run. */
  lockTimeoutMs: number;
}

export const DEFAULT_RETENTION_OPTIONS: RetentionOptions = {
  batchSize: 10_000,
  maxBatches: 500,
  lockTimeoutMs: 3_000,
};

export interface RetentionReport {
  dropped: string[];
  /** Partitions whose DROP did not get its lock in time (retried next run). */
  lockBusy: string[];
  /** Rows deleted, by table. */
  deleted: Record<string, number>;
  /** The batch budget ran out: more is left for the next run. */
  unfinished: boolean;
}

const SETTING_OF: Record<PartitionedTable, keyof RetentionSettingsValues> = {
  positions: 'positionsDays',
  raw_logs: 'rawLogsDays',
};

/** Organisation ids grouped by one setting's value (one statement serves the whole group). */
function groupBy(
  settings: Map<string, RetentionSettingsValues>,
  daysOf: (values: RetentionSettingsValues) => number,
): Map<number, string[]> {
  const groups = new Map<number, string[]>();
  for (const [id, values] of settings) {
    const days = daysOf(values);
    groups.set(days, [...(groups.get(days) ?? []), id]);
  }
  return groups;
}

export async function runRetention(
  db: Db,
  now: Date,
  options: RetentionOptions = DEFAULT_RETENTION_OPTIONS,
): Promise<RetentionReport> {
  const report: RetentionReport = { dropped: [], lockBusy: [], deleted: {}, unfinished: false };
  let budget = options.maxBatches;
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);

  /** Deletes in batches until one is not full or the budget is spent. */
  async function drain(label: string, batch: () => Promise<number>): Promise<void> {
    for (;;) {
      if (budget <= 0) {
        report.unfinished = true;
        return;
      }
      const deleted = await batch();
      if (deleted === 0) return;
      budget -= 1;
      report.deleted[label] = (report.deleted[label] ?? 0) + deleted;
      if (deleted < options.batchSize) return;
    }
  }

  const settings = resolveAllRetention(await listOrganisationRetention(db));

  for (const table of PARTITIONED_TABLES) {
    const key = SETTING_OF[table];
    const groups = groupBy(settings, (values) => values[key]);
    const longest = Math.max(0, ...groups.keys()) || DEFAULT_RETENTION_SETTINGS[key];
    const longestCutoff = before(longest);
    const kept = [];
    for (const partition of await listPartitions(db, table)) {
      if (partition.range && partition.range.toMs <= longestCutoff.getTime()) {
        const done = await dropPartition(db, partition.name, options.lockTimeoutMs);
        (done ? report.dropped : report.lockBusy).push(partition.name);
        if (done) continue;
      }
      kept.push(partition);
    }
    for (const partition of kept.filter((p) => p.isDefault))
      await drain(table, () =>
        deleteBatchByCtid(db, partition.name, olderThan(table, longestCutoff), options.batchSize),
      );
    for (const [days, organisationIds] of groups) {
      if (days >= longest) continue;
      const cutoff = before(days);
      const where: SQL =
        table === 'positions'
          ? positionsOfOrganisations(organisationIds, cutoff)
          : rawLogsOfOrganisations(organisationIds, cutoff);
      for (const partition of kept) {
        if (partition.range && partition.range.fromMs >= cutoff.getTime()) continue;
        await drain(table, () => deleteBatchByCtid(db, partition.name, where, options.batchSize));
      }
    }
  }

  for (const [days, organisationIds] of groupBy(settings, (values) => values.eventsDays))
    await drain('events', () => deleteEventsBatch(db, organisationIds, before(days), options.batchSize));

  const rollupGroups = groupBy(settings, (values) => Math.max(values.rollupsDays, values.positionsDays));
  for (const table of Object.keys(ROLLUP_TABLES) as RollupTable[])
    for (const [days, organisationIds] of rollupGroups)
      await drain(table, () =>
        deleteRollupBatch(db, table, organisationIds, before(days), options.batchSize),
      );

  return report;
}

/** One log line: what went, what is left. */
export function summariseRetention(report: RetentionReport): string {
  const deleted = Object.entries(report.deleted).map(([table, count]) => `${count} ${table}`);
  return [
    `dropped ${report.dropped.length} partitions${report.dropped.length ? ` (${report.dropped.join(', ')})` : ''}`,
    `deleted ${deleted.length ? deleted.join(', ') : 'no rows'}`,
    ...(report.lockBusy.length ? [`lock busy, retried next run: ${report.lockBusy.join(', ')}`] : []),
    ...(report.unfinished ? ['batch budget spent, the rest next run'] : []),
  ].join('; ');
}

export function retentionJob(
  db: Db,
  clock: Clock,
  options: RetentionOptions = DEFAULT_RETENTION_OPTIONS,
): Job {
  return {
    name: RETENTION_JOB,
    intervalMs: 3_600_000,
    async run() {
      return summariseRetention(await runRetention(db, clock(), options));
    },
  };
}
