/**
 * Report files off the event loop (apps/server/src/modules/report/export): a 50,000-row XLSX export of the cumulative
 * distance report (50 vehicles × 1,000 days, day breakdown) through the real routes (`app.inject`), while a cheap
 * route (GET /v1/healthz) is called every 20 ms. Prints the event-loop delay (perf_hooks.monitorEventLoopDelay)
 * and the health-call latency during the export, then the same for the CSV export, and — as the baseline the worker
 * thread avoids — the XLSX built on the main thread (renderFile called directly). Target: the XLSX export must not
 * delay the health call by more than ~50 ms.
 *
 *   node --import tsx bench/report-export.bench.ts                              (PGlite, in a temporary directory)
 *   DATABASE_URL=postgres://… node --import tsx bench/report-export.bench.ts    (a scratch PostgreSQL database)
 *
 * A `POST /run` of the same filter (no file) is measured first: on PGlite the database runs inside this process, so
 * its queries hold the event loop whatever the export does; that row separates the engine's share from the file's.
 *
 * Results → bench/results/report-export-<engine>.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { ReportExport } from '@civicfleet/shared';
import { rows } from '../apps/server/src/db/client.ts';
import { prepareDatabase } from '../apps/server/src/db/seed/index.ts';
import { INDORE, organisationId, seedTrackedVehicle } from '../apps/server/src/gateway/testing/fleet.ts';
import { requireReportMeta } from '@civicfleet/shared';
import { openBenchApi, openScratchDatabase, percentile, round } from './support/engine.ts';
import { renderFile } from '../apps/server/src/modules/report/export/render-file.ts';
import { fileColumns, fileRow } from '../apps/server/src/modules/report/export/table.ts';

const VEHICLES = 50;
const DAYS = 1000;
const PING_MS = 20;
const here = path.dirname(fileURLToPath(import.meta.url));
const resultsFile = () =>
  path.join(here, 'results', `report-export-${process.env.DATABASE_URL ? 'postgres' : 'pglite'}.json`);

interface Figures {
  what: string;
  ms: number;
  rows: number;
  bytes: number;
  loopDelayMs: { p50: number; p99: number; max: number };
  healthMs: { calls: number; p50: number; p99: number; max: number };
}

/** Runs `work` while pinging `ping` every PING_MS and sampling the event-loop delay. */
async function measure(
  what: string,
  ping: () => Promise<void>,
  work: () => Promise<{ rows: number; bytes: number }>,
): Promise<Figures> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  const latencies: number[] = [];
  let stop = false;
  // A client calling every PING_MS: each call's time counts from when it was due, so a blocked loop shows up.
  const pinger = (async () => {
    let due = performance.now();
    while (!stop) {
      due += PING_MS;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      await ping();
      latencies.push(performance.now() - due);
      if (performance.now() > due + PING_MS) due = performance.now();
    }
  })();
  histogram.enable();
  const started = performance.now();
  const out = await work();
  const ms = performance.now() - started;
  histogram.disable();
  stop = true;
  await pinger;
  const sorted = [...latencies].sort((a, b) => a - b);
  const nsToMs = (ns: number) => round(ns / 1e6);
  return {
    what,
    ms: round(ms),
    ...out,
    loopDelayMs: {
      p50: nsToMs(histogram.percentile(50)),
      p99: nsToMs(histogram.percentile(99)),
      max: nsToMs(histogram.max),
    },
    healthMs: {
      calls: sorted.length,
      p50: round(percentile(sorted, 50)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted.at(-1) ?? 0),
    },
  };
}

/** PGlite in a temporary directory, or a scratch database on DATABASE_URL's server (dropped afterwards). */
async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'cf-bench-export-'));
  const engine = await openScratchDatabase(process.env.DATABASE_URL, { prefix: 'cf-bench-export-' });
  const { database } = engine;
  try {
    await prepareDatabase(database, { demo: true, demoFleet: false });
    const indore = await organisationId(database.db, INDORE);
    for (let i = 0; i < VEHICLES; i += 1) {
      const v = await seedTrackedVehicle(database.db, {
        imei: `8619900000${String(i).padStart(5, '0')}`,
        protocol: 'gt06',
        organisationId: indore,
        registrationNumber: `MP09BX${String(1000 + i)}`,
      });
      await database.db.execute(sql`
        insert into daily_vehicle_stats (device_id, vehicle_id, organisation_id, day, distance_m, run_s)
        select ${v.deviceId}, ${v.vehicleId}, ${indore}, date '2024-01-01' + g, 1000 + g * 7, 600 + g
          from generate_series(0, ${DAYS - 1}) g`);
    }
    const statRows = (
      await rows<{ n: number }>(database.db, sql`select count(*)::int as n from daily_vehicle_stats`)
    )[0]?.n;

    const api = await openBenchApi(database, { DATA_DIR: path.join(dir, 'data') });
    const { app } = api;
    const token = await api.token('ADMIN');
    const headers = { authorization: `Bearer ${token}` };
    const ping = async () => {
      const res = await app.inject({ method: 'GET', url: '/v1/healthz' });
      if (res.statusCode >= 500) throw new Error(`health ${res.statusCode}`);
    };
    const filter = {
      organisationId: String(indore),
      from: '2024-01-01T00:00:00+05:30',
      to: '2026-09-26T23:59:59+05:30',
      dayBreakdown: true,
    };
    const exportFile = (format: 'csv' | 'xlsx') => async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/v1/report/cumulative-distance-report/exports',
        headers,
        payload: { format, filter },
      });
      if (res.statusCode !== 202) throw new Error(`export: ${res.statusCode} ${res.body}`);
      const { id } = (res.json() as { data: ReportExport }).data;
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const poll = await app.inject({ method: 'GET', url: `/v1/report/exports/${id}`, headers });
        const current = (poll.json() as { data: ReportExport }).data;
        if (current.status === 'failed') throw new Error(`export failed: ${current.error}`);
        if (current.status === 'done') return { rows: current.rowCount ?? 0, bytes: current.sizeBytes ?? 0 };
      }
    };

    // Warm-up (worker start, exceljs load, query plans) on a small export.
    await exportFile('csv')();
    const figures: Figures[] = [];
    // The report's own reads with no file (POST /run streams the rows; the page shows 10,000 at most).
    figures.push(
      await measure('POST /run only (no file)', ping, async () => {
        const res = await app.inject({
          method: 'POST',
          url: '/v1/report/cumulative-distance-report/run',
          headers,
          payload: filter,
        });
        if (res.statusCode !== 200) throw new Error(`run: ${res.statusCode}`);
        return { rows: (res.json() as { data: { total: number } }).data.total, bytes: res.rawPayload.length };
      }),
    );
    figures.push(await measure('xlsx export (worker thread)', ping, exportFile('xlsx')));
    figures.push(await measure('csv export (main thread, chunked)', ping, exportFile('csv')));

    // Baseline: the same 50,000-row XLSX built on the main thread.
    const meta = requireReportMeta('cumulative-distance-report');
    const columns = fileColumns(meta, undefined);
    const sample = Array.from({ length: VEHICLES * DAYS }, (_, i) =>
      fileRow(
        columns.report,
        {
          sr: i + 1,
          zone: null,
          ward: null,
          model: null,
          regNo: 'MP09BX1000',
          day: '2024-01-01',
          distance: 1234,
          averageSpeed: 12.3,
          fuelConsumed: null,
        },
        'Asia/Kolkata',
        true,
      ),
    );
    figures.push(
      await measure('baseline: xlsx on the main thread', ping, async () => {
        const bytes = await renderFile(
          {
            format: 'xlsx',
            title: meta.title,
            filters: [],
            columns: columns.file,
            generatedAt: new Date().toISOString(),
            timeZone: 'Asia/Kolkata',
          },
          sample,
        );
        return { rows: sample.length, bytes: bytes.byteLength };
      }),
    );
    await api.close();

    const result = {
      engine: engine.kind,
      benchmark:
        'cumulative distance report, 50 vehicles × 1,000 days (50,000 rows), GET /v1/healthz every 20 ms',
      at: new Date().toISOString(),
      node: process.version,
      cpus: cpus().length,
      loadAverage1m: round(loadavg()[0] ?? 0),
      statRows,
      figures,
    };
    console.table(
      figures.map((f) => ({
        what: f.what,
        ms: f.ms,
        rows: f.rows,
        bytes: f.bytes,
        'loop p99': f.loopDelayMs.p99,
        'loop max': f.loopDelayMs.max,
        'health p99': f.healthMs.p99,
        'health max': f.healthMs.max,
        calls: f.healthMs.calls,
      })),
    );
    mkdirSync(path.dirname(resultsFile()), { recursive: true });
    writeFileSync(resultsFile(), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
