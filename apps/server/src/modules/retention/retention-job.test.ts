/**
 * The retention job on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), with a fixed clock: partitions
 * older than the longest retention are dropped, a shorter-keeping organisation's rows are deleted in batches, the
 * other organisation's rows stay, rollups outlive positions, open alerts are never deleted.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/helpers.ts';
import { rows, type Db } from '../../db/client.ts';
import { ensureMonthPartitions } from '../../gateway/ingest/partitions.ts';
import { sqlClientOf } from '../../gateway/ingest/sql-client.ts';
import { BHOPAL, INDORE, organisationId, seedTrackedVehicle } from '../../gateway/testing/fleet.ts';
import { RETENTION_JOB, retentionJob, runRetention, summariseRetention } from './retention-job.ts';
import { upsertRetentionSettings } from './retention-settings.repository.ts';

const NOW = new Date('2026-11-15T00:00:00Z');
const OPTIONS = { batchSize: 2, maxBatches: 10_000, lockTimeoutMs: 2_000 };
const at = (iso: string) => new Date(`${iso}Z`);

async function exists(db: Db, table: string): Promise<boolean> {
  const [row] = await rows<{ found: boolean }>(db, sql`select to_regclass(${table}) is not null as found`);
  return row?.found ?? false;
}

async function times(db: Db, query: ReturnType<typeof sql>): Promise<string[]> {
  const found = await rows<{ t: Date | string }>(db, query);
  return found.map((row) => new Date(row.t).toISOString().slice(0, 10)).sort();
}

describe('retention job', () => {
  let testDb: TestDatabase;
  let db: Db;
  const device = { indore: 0n, bhopal: 0n };
  const imei = { indore: '356000000000101', bhopal: '356000000000202' };
  const org = { indore: 0n, bhopal: 0n };

  async function addPosition(deviceId: bigint, fixedAt: string): Promise<void> {
    await db.execute(
      sql`insert into positions (device_id, fixed_at, server_at, lat, lon) values (${deviceId}, ${at(fixedAt)}, ${at(fixedAt)}, 22.7, 75.8)`,
    );
  }
  async function addRawLog(deviceId: bigint, deviceImei: string, receivedAt: string): Promise<void> {
    await db.execute(
      sql`insert into raw_logs (received_at, device_id, imei, protocol, bytes)
          values (${at(receivedAt)}, ${deviceId}, ${deviceImei}, 'gt06', ${Buffer.from('7878', 'hex')})`,
    );
  }
  async function addEvent(
    organisation: bigint,
    deviceId: bigint,
    startedAt: string,
    endedAt: string | null,
    deskStatus: string | null,
  ): Promise<string> {
    const [row] = await rows<{ id: string }>(
      db,
      sql`insert into events (device_id, organisation_id, type, started_at, ended_at, last_at, desk_status)
          values (${deviceId}, ${organisation}, 'sos', ${at(startedAt)}, ${endedAt ? at(endedAt) : null},
                  ${at(endedAt ?? startedAt)}, ${deskStatus})
          returning id::text as id`,
    );
    if (!row) throw new Error('no event');
    await db.execute(
      sql`insert into event_actions (event_id, organisation_id, action) values (${row.id}::bigint, ${organisation}, 'note')`,
    );
    return row.id;
  }
  async function addRollups(organisation: bigint, deviceId: bigint, day: string): Promise<void> {
    await db.execute(
      sql`insert into trips (device_id, organisation_id, started_at, ended_at, distance_m)
          values (${deviceId}, ${organisation}, ${at(`${day}T08:00:00`)}, ${at(`${day}T09:00:00`)}, 1000)`,
    );
    await db.execute(
      sql`insert into daily_vehicle_stats (device_id, day, organisation_id) values (${deviceId}, ${day}, ${organisation})`,
    );
  }

  beforeAll(async () => {
    testDb = await openTestDatabase();
    db = testDb.db;
    org.indore = await organisationId(db, INDORE);
    org.bhopal = await organisationId(db, BHOPAL);
    for (const [key, number] of [
      ['indore', 'MP09RT0001'],
      ['bhopal', 'MP04RT0002'],
    ] as const) {
      const tracked = await seedTrackedVehicle(db, {
        imei: imei[key],
        protocol: 'gt06',
        organisationId: org[key],
        registrationNumber: number,
      });
      device[key] = tracked.deviceId;
    }
    // Indore keeps the platform defaults (positions 400 d, raw logs 90 d, events 730 d, rollups 1825 d): the longest.
    await upsertRetentionSettings(
      db,
      org.bhopal,
      { positionsDays: 60, rawLogsDays: 30, eventsDays: 30, rollupsDays: 90 },
      NOW,
    );
    await ensureMonthPartitions(sqlClientOf(testDb.database), at('2025-08-01'), at('2026-11-01'));

    for (const key of ['indore', 'bhopal'] as const) {
      for (const day of ['2025-08-10', '2025-09-10', '2025-10-05', '2026-06-10', '2026-09-10', '2026-09-20'])
        await addPosition(device[key], `${day}T10:00:00`);
      await addPosition(device[key], '2026-11-14T10:00:00');
      await addPosition(device[key], '2019-03-01T10:00:00'); // no such partition: DEFAULT
      for (const day of ['2026-06-10', '2026-08-05', '2026-10-01', '2026-11-10'])
        await addRawLog(device[key], imei[key], `${day}T10:00:00`);
      await addRollups(org[key], device[key], '2026-07-01');
      await addRollups(org[key], device[key], '2026-09-01');
    }
  });

  afterAll(async () => {
    await testDb.close();
  });

  it('drops whole partitions older than the longest retention and deletes what a shorter one no longer keeps', async () => {
    const closedOld = await addEvent(
      org.bhopal,
      device.bhopal,
      '2026-09-01T10:00:00',
      '2026-09-01T10:05:00',
      'closed',
    );
    const openSos = await addEvent(org.bhopal, device.bhopal, '2026-08-01T10:00:00', null, 'new');
    const endedNotClosed = await addEvent(
      org.bhopal,
      device.bhopal,
      '2026-08-02T10:00:00',
      '2026-08-02T10:01:00',
      'acknowledged',
    );
    const recent = await addEvent(
      org.bhopal,
      device.bhopal,
      '2026-11-10T10:00:00',
      '2026-11-10T10:01:00',
      'closed',
    );
    const indoreOld = await addEvent(
      org.indore,
      device.indore,
      '2026-09-01T10:00:00',
      '2026-09-01T10:05:00',
      null,
    );

    const report = await runRetention(db, NOW, OPTIONS);

    // positions: longest 400 days → cutoff 2025-10-11; August and September 2025 end before it.
    expect(report.dropped).toEqual(
      expect.arrayContaining([
        'positions_y2025m08',
        'positions_y2025m09',
        'raw_logs_y2026m06',
        'raw_logs_y2026m07',
      ]),
    );
    expect(report.lockBusy).toEqual([]);
    expect(report.unfinished).toBe(false);
    for (const gone of ['positions_y2025m08', 'positions_y2025m09', 'raw_logs_y2025m08', 'raw_logs_y2026m07'])
      expect(await exists(db, gone), gone).toBe(false);
    for (const kept of ['positions_y2025m10', 'positions_y2026m06', 'raw_logs_y2026m08', 'positions_default'])
      expect(await exists(db, kept), kept).toBe(true);

    const positionsOf = (deviceId: bigint) =>
      times(db, sql`select fixed_at as t from positions where device_id = ${deviceId}`);
    // Indore (400 days): its 2025-10-05 fix is past retention but goes with its partition (up to a month later).
    expect(await positionsOf(device.indore)).toEqual([
      '2025-10-05',
      '2026-06-10',
      '2026-09-10',
      '2026-09-20',
      '2026-11-14',
    ]);
    // Bhopal (60 days → cutoff 2026-09-16): deleted in batches from the kept partitions.
    expect(await positionsOf(device.bhopal)).toEqual(['2026-09-20', '2026-11-14']);

    // raw logs: longest 90 days → cutoff 2026-08-17; Bhopal 30 days → cutoff 2026-10-16.
    const rawOf = (deviceId: bigint) =>
      times(db, sql`select received_at as t from raw_logs where device_id = ${deviceId}`);
    expect(await rawOf(device.indore)).toEqual(['2026-08-05', '2026-10-01', '2026-11-10']);
    expect(await rawOf(device.bhopal)).toEqual(['2026-11-10']);

    // Alerts: closed and old ones go (with their desk history); open or not closed at the desk stay, however old.
    const eventIds = await rows<{ id: string }>(
      db,
      sql`select id::text as id from events where device_id in (${device.indore}, ${device.bhopal}) order by id`,
    );
    expect(eventIds.map((row) => row.id)).toEqual([openSos, endedNotClosed, recent, indoreOld]);
    const actions = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from event_actions where event_id = ${closedOld}::bigint`,
    );
    expect(actions[0]?.n).toBe(0);

    // Rollups outlive positions: Bhopal keeps its 2026-09-01 trip (positions of that day are gone), not July's.
    const tripsOf = (deviceId: bigint) =>
      times(db, sql`select started_at as t from trips where device_id = ${deviceId}`);
    expect(await tripsOf(device.bhopal)).toEqual(['2026-09-01']);
    expect(await tripsOf(device.indore)).toEqual(['2026-07-01', '2026-09-01']);
    const daysOf = (deviceId: bigint) =>
      times(db, sql`select day as t from daily_vehicle_stats where device_id = ${deviceId}`);
    expect(await daysOf(device.bhopal)).toEqual(['2026-09-01']);
    expect(await daysOf(device.indore)).toEqual(['2026-07-01', '2026-09-01']);

    expect(report.deleted).toMatchObject({ events: expect.any(Number), trips: expect.any(Number) });
    // DEFAULT rows older than the longest retention (2019) are gone for both.
    expect(
      await rows(
        db,
        sql`select 1 from positions_default where device_id in (${device.indore}, ${device.bhopal})`,
      ),
    ).toEqual([]);
  });

  it('is idempotent: a second run finds nothing left to do', async () => {
    const again = await runRetention(db, NOW, OPTIONS);
    expect(again).toEqual({ dropped: [], lockBusy: [], deleted: {}, unfinished: false });
    expect(summariseRetention(again)).toBe('dropped 0 partitions; deleted no rows');
  });

  it('stops at its batch budget and leaves the rest to the next run', async () => {
    for (const day of ['2026-09-01', '2026-09-02', '2026-09-03', '2026-09-04', '2026-09-05'])
      await addPosition(device.bhopal, `${day}T10:00:00`);
    const first = await runRetention(db, NOW, { ...OPTIONS, maxBatches: 2 });
    expect(first.unfinished).toBe(true);
    expect(first.deleted).toEqual({ positions: 4 });
    expect(summariseRetention(first)).toContain('batch budget spent');

    const job = retentionJob(db, () => NOW, OPTIONS);
    expect(job.name).toBe(RETENTION_JOB);
    expect(await job.run()).toBe('dropped 0 partitions; deleted 1 positions');
  });

  // PGlite has one connection: a second one holding a lock needs PostgreSQL.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'leaves a partition whose lock is busy to the next run instead of queueing ingest behind it',
    async () => {
      await ensureMonthPartitions(sqlClientOf(testDb.database), at('2024-01-01'), at('2024-01-01'), [
        'positions',
      ]);
      const busy = await db.transaction(async (tx) => {
        // A long report holding positions (ACCESS SHARE) while the job wants to drop a partition of it.
        await tx.execute(sql`lock table positions in access share mode`);
        return runRetention(db, NOW, { ...OPTIONS, lockTimeoutMs: 200 });
      });
      expect(busy.lockBusy).toEqual(['positions_y2024m01']);
      expect(await exists(db, 'positions_y2024m01')).toBe(true);
      const next = await runRetention(db, NOW, OPTIONS);
      expect(next.dropped).toEqual(['positions_y2024m01']);
      expect(await exists(db, 'positions_y2024m01')).toBe(false);
    },
  );
});
