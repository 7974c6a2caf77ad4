/**
 * End-to-end ingest: N simulated GT06 devices on loopback TCP send location frames as fast as the acks allow (each
 * keeps W frames unacked and sends one more per ack; an ack is only sent after the batch holding the frame has
 * committed), through the real gateway, pipeline and batch writer. Reports positions committed per second and, in
 * the same run on the same rows, the "physical limit" baselines of research/stack.md §6: COPY and raw multi-row
 * INSERT (1000 rows per statement) into a plain copy of the positions table.
 *
 *   node --import tsx bench/ingest.bench.ts [--devices 200] [--packets 500] [--window 50]
 *   DATABASE_URL=postgres://… node --import tsx bench/ingest.bench.ts     (a scratch database is created and dropped)
 *
 * Results → bench/results/ingest-<pglite|postgres>.json. The fake devices run in the same process as the gateway
 * (their frames are prebuilt), so on a 2-core machine they compete with it for CPU: the figure is a lower bound.
 */
import { Session } from 'node:inspector/promises';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { prepareDatabase } from '../apps/server/src/db/seed/index.ts';
import { startGateway } from '../apps/server/src/gateway/gateway.ts';
import { sqlClientOf, type SqlClient } from '../apps/server/src/gateway/ingest/sql-client.ts';
import { chunks, valuesList } from '../apps/server/src/gateway/ingest/sql-values.ts';
import {
  INDORE,
  organisationId,
  seedTrackedVehicle,
  testGatewayConfig,
} from '../apps/server/src/gateway/testing/fleet.ts';
import { gt06Location, gt06Login } from '../apps/server/src/gateway/testing/packets.ts';
import { TcpDevice } from '../apps/server/src/gateway/testing/tcp-device.ts';
import { openCopier, openScratchDatabase, serverVersion, type ScratchDatabase } from './support/engine.ts';

const { values: args } = parseArgs({
  options: {
    devices: { type: 'string', default: '200' },
    packets: { type: 'string', default: '500' },
    window: { type: 'string', default: '50' },
    'flush-ms': { type: 'string', default: '1000' },
    'batch-rows': { type: 'string', default: '2000' },
    /** Write a CPU profile (.cpuprofile) of the gateway phase alone to this file. */
    profile: { type: 'string' },
  },
});
const DEVICES = Number(args.devices);
const PACKETS = Number(args.packets);
const WINDOW = Number(args.window);
const ACK_BYTES = 10;
const here = path.dirname(fileURLToPath(import.meta.url));

/** The typed columns the gateway filled (attrs aside), copied in both baselines. */
const POSITION_COLUMNS =
  'device_id,fixed_at,server_at,vehicle_id,lat,lon,speed_kph,heading_deg,satellites,gps_valid,ignition,motion,distance_m,odometer_m,history';

/** Prebuilt frames per device: 10 s apart, ending a minute ago, a plausible 20–40 km/h random walk in Indore. */
function buildTrack(deviceIndex: number, startMs: number): Uint8Array[] {
  let lat = 22.68 + (deviceIndex % 20) * 0.004;
  let lon = 75.82 + Math.floor(deviceIndex / 20) * 0.004;
  const frames: Uint8Array[] = [];
  for (let i = 0; i < PACKETS; i++) {
    lat += (Math.random() - 0.5) * 0.001;
    lon += (Math.random() - 0.5) * 0.001;
    const at = new Date(startMs + i * 10_000);
    frames.push(
      gt06Location({ at, lat, lon, speedKph: 20 + Math.random() * 20, headingDeg: 90 }, (i + 2) & 0xffff),
    );
  }
  return frames;
}

/** Keeps WINDOW frames unacked: the first WINDOW go out at once, then one more per ack received. */
async function runDevice(port: number, imei: string, frames: Uint8Array[]): Promise<void> {
  const device = await TcpDevice.connect(port);
  await device.write(gt06Login(imei, 1));
  await device.read(ACK_BYTES, 30_000);
  let sent = Math.min(WINDOW, frames.length);
  await device.write(Buffer.concat(frames.slice(0, sent)));
  let acked = 0;
  while (acked < frames.length) {
    const ready = Math.max(1, Math.floor(device.received.length / ACK_BYTES));
    await device.read(ACK_BYTES * ready, 120_000);
    acked += ready;
    const next = frames.slice(sent, Math.min(frames.length, acked + WINDOW));
    if (next.length > 0) {
      sent += next.length;
      void device.write(Buffer.concat(next));
    }
  }
  device.close();
}

/**
 * CPU seconds used so far by the server processes behind this database's connections (PostgreSQL on this machine,
 * read from /proc; null elsewhere): with the process's own CPU this shows where the time goes regardless of what
 * else runs on the machine.
 */
async function serverCpuS(engine: ScratchDatabase, sql: SqlClient): Promise<Map<number, number> | null> {
  if (engine.kind !== 'postgres') return null;
  const pids = await sql.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database()',
  );
  const cpu = new Map<number, number>();
  try {
    for (const { pid } of pids) {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    }
  } catch {
    return null;
  }
  return cpu;
}

function cpuDelta(before: Map<number, number> | null, after: Map<number, number> | null): number | null {
  if (!before || !after) return null;
  let total = 0;
  for (const [pid, s] of after) total += s - (before.get(pid) ?? 0);
  return total;
}

async function baselines(
  engine: ScratchDatabase,
  sql: SqlClient,
): Promise<{ rows: number; copyRowsPerS: number; insertRowsPerS: number }> {
  await sql.query(
    `CREATE TABLE bench_positions (LIKE positions INCLUDING DEFAULTS, PRIMARY KEY (device_id, fixed_at))`,
  );
  const source = await sql.query<Record<string, unknown>>(
    `SELECT device_id::text AS device_id, fixed_at, server_at, vehicle_id::text AS vehicle_id, lat, lon, speed_kph,
       heading_deg, satellites, gps_valid, ignition, motion, distance_m, odometer_m, history FROM positions`,
  );
  const cols = POSITION_COLUMNS.split(',');
  const cell = (v: unknown) =>
    v === null || v === undefined ? '' : v instanceof Date ? v.toISOString() : String(v);
  const csv = `${source.map((r) => cols.map((c) => cell(r[c])).join(',')).join('\n')}\n`;
  const copier = await openCopier(engine);
  let started = performance.now();
  await copier.copy('bench_positions', POSITION_COLUMNS, csv);
  await copier.close();
  const copyS = (performance.now() - started) / 1000;
  await sql.query('TRUNCATE bench_positions');
  started = performance.now();
  for (const chunk of chunks(source, 1000)) {
    const params: unknown[] = [];
    for (const r of chunk) for (const c of cols) params.push(r[c] ?? null);
    await sql.query(
      `INSERT INTO bench_positions (${POSITION_COLUMNS}) VALUES ${valuesList(
        chunk.length,
        cols.map(() => ''),
      )}`,
      params,
    );
  }
  const insertS = (performance.now() - started) / 1000;
  return {
    rows: source.length,
    copyRowsPerS: Math.round(source.length / copyS),
    insertRowsPerS: Math.round(source.length / insertS),
  };
}

const engine = await openScratchDatabase(process.env.DATABASE_URL);
const version = await serverVersion(engine);
console.log(`engine: ${version}`);
await prepareDatabase(engine.database, { demo: true });
const db = engine.database.db;
const org = await organisationId(db, INDORE);
const imeis: string[] = [];
for (let i = 0; i < DEVICES; i++) {
  const imei = `86${String(i).padStart(13, '0')}`;
  await seedTrackedVehicle(db, {
    imei,
    protocol: 'gt06',
    organisationId: org,
    registrationNumber: `MP09BN${String(i).padStart(4, '0')}`,
  });
  imeis.push(imei);
}
const startMs = Math.floor(Date.now() / 1000) * 1000 - PACKETS * 10_000 - 60_000;
const tracks = imeis.map((_, i) => buildTrack(i, startMs));
const gateway = await startGateway({
  database: engine.database,
  config: testGatewayConfig({ flushMs: Number(args['flush-ms']), batchRows: Number(args['batch-rows']) }),
  protocols: ['gt06'],
});
const port = gateway.ports.gt06 ?? 0;
console.log(`${DEVICES} devices × ${PACKETS} frames, window ${WINDOW}`);
const sql = sqlClientOf(engine.database);
const serverBefore = await serverCpuS(engine, sql);
const profiler = args.profile ? new Session() : null;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}
const started = performance.now();
const cpuBefore = process.cpuUsage();
await Promise.all(imeis.map((imei, i) => runDevice(port, imei, tracks[i] ?? [])));
const elapsedS = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
/** CPU seconds this process (gateway + fake devices) used per wall second of the run (1 = one core busy). */
const processCpuShare = Number(((cpu.user + cpu.system) / 1e6 / elapsedS).toFixed(2));
if (profiler && args.profile) {
  const { profile } = await profiler.post('Profiler.stop');
  writeFileSync(args.profile, JSON.stringify(profile));
  profiler.disconnect();
}
const serverCpu = cpuDelta(serverBefore, await serverCpuS(engine, sql));
/** CPU microseconds per position: this process (gateway + fake devices) and the PostgreSQL backends. */
const cpuUsPerPosition = {
  process: Math.round((cpu.user + cpu.system) / (DEVICES * PACKETS)),
  server: serverCpu === null ? null : Math.round((serverCpu * 1e6) / (DEVICES * PACKETS)),
};
const stats = { ...gateway.writer.stats };
await gateway.stop();
const stored = Number(
  (await sql.query<{ n: string }>('SELECT count(*)::text AS n FROM positions'))[0]?.n ?? 0,
);
const expected = DEVICES * PACKETS;
if (stored !== expected) throw new Error(`stored ${stored} positions, expected ${expected}`);
const positionsPerS = Math.round(expected / elapsedS);
console.log(
  `gateway: ${expected} positions (+ as many raw_logs) in ${elapsedS.toFixed(1)} s = ${positionsPerS}/s`,
);
console.log(
  `writer: ${stats.batches} batches, ${Math.round(stats.positions / Math.max(1, stats.batches))} positions each, ` +
    `flushing ${((stats.busyMs / 1000 / elapsedS) * 100).toFixed(0)} % of the time`,
);
const phaseMs = Object.fromEntries(
  Object.entries((stats as { phaseMs?: Record<string, number> }).phaseMs ?? {}).map(([k, v]) => [
    k,
    Math.round(v),
  ]),
);
console.log(
  `writer time by phase (ms): ${JSON.stringify(phaseMs)}; process CPU ${processCpuShare} cores; ` +
    `CPU µs per position: ${JSON.stringify(cpuUsPerPosition)}`,
);
const baseline = await baselines(engine, sql);
console.log(
  `baseline on the same rows: COPY ${baseline.copyRowsPerS}/s, multi-row INSERT ${baseline.insertRowsPerS}/s`,
);
const result = {
  benchmark: 'ingest',
  at: new Date().toISOString(),
  engine: engine.kind,
  version,
  machine: { cpus: cpus().length, cpu: cpus()[0]?.model ?? '', node: process.version },
  /** 1-minute load average at the end of the run: on a shared machine, figures from a loaded run are low. */
  loadAverage1m: Number((loadavg()[0] ?? 0).toFixed(1)),
  devices: DEVICES,
  framesPerDevice: PACKETS,
  window: WINDOW,
  flushMs: Number(args['flush-ms']),
  batchRows: Number(args['batch-rows']),
  positions: expected,
  elapsedS: Number(elapsedS.toFixed(2)),
  positionsPerS,
  batches: stats.batches,
  avgBatchPositions: Math.round(stats.positions / Math.max(1, stats.batches)),
  writerBusyShare: Number((stats.busyMs / 1000 / elapsedS).toFixed(2)),
  writerPhaseMs: phaseMs,
  processCpuShare,
  cpuUsPerPosition,
  baseline,
  ratioToCopy: Number((positionsPerS / baseline.copyRowsPerS).toFixed(3)),
  ratioToInsert: Number((positionsPerS / baseline.insertRowsPerS).toFixed(3)),
  note:
    'Each position also writes a raw_logs row and a device_latest upsert in the same transaction; the fake devices ' +
    'share the process (and the 2 cores) with the gateway (they cost ~1-2 µs of its ~40-70 µs CPU per position). ' +
    'cpuUsPerPosition is machine-load independent: process = gateway + devices (+ the engine on PGlite), server = ' +
    'the PostgreSQL backends.',
};
console.log(`ratio to COPY ${result.ratioToCopy}, to INSERT ${result.ratioToInsert}`);
writeFileSync(
  path.join(here, 'results', `ingest-${engine.kind}.json`),
  `${JSON.stringify(result, null, 2)}\n`,
);
await engine.close();
