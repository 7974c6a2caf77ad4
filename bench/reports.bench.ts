/**
 * Reports at fleet scale (issue 8): a month of realistic positions for 1,000 vehicles (PostgreSQL; 100 on PGlite),
 * COPY into the partitioned positions table of a migrated database with the demo data, the derived tables through
 * the real derive machines (bench/reports/fleet-month.ts), then through the real route (`POST /v1/report/<id>/run`,
 * `app.inject`, SUPER_ADMIN) 1 warm-up + 5 timed runs of: cumulative-distance-report for every vehicle over the
 * month, daily-run-summary, alert-grouped, collection (each only if its definition is registered), and in the same
 * run the same per-vehicle distance computed the Traccar way: scanning the raw positions of the month (haversine
 * between consecutive fixes by window functions). Ratio = scan median / report median (goal ≥ 100×; report < 200 ms).
 *
 *   DATABASE_URL=postgres://… node --import tsx bench/reports.bench.ts     (PGlite at 100 vehicles, then PostgreSQL)
 *   node --import tsx bench/reports.bench.ts --engines pglite --pglite-vehicles 100
 *   options: --vehicles 1000 --pglite-vehicles 100 --days 31 --move-s 60 --stop-s 300 --parked-s 1800 --runs 5
 *            --scan-runs 5 --templates 50 --chunk 10 --engines pglite,postgres
 *   (--templates: distinct generated-and-derived tracks; the other vehicles replay them, see reports/fleet-month.ts)
 *
 * Results → bench/results/reports-<yyyy-MM-dd>.json and .md (an engine not run keeps its entry of that day's file).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { format } from 'prettier';
import { prepareDatabase } from '../apps/server/src/db/seed/index.ts';
import { sqlClientOf, type SqlExecutor } from '../apps/server/src/gateway/ingest/sql-client.ts';
import { reportDefinition } from '../apps/server/src/modules/report/definitions/index.ts';
import {
  figures,
  openBenchApi,
  openCopier,
  openScratchPglite,
  openScratchPostgres,
  percentile,
  round,
  type ScratchDatabase,
} from './support/engine.ts';
import { POSITION_COLUMNS, seedFleetMonth, type SeedResult } from './reports/fleet-month.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const ORGANISATION = 'Indore Municipal Corporation';
/** October 2026 in IST: 01/10/2026 00:00 IST = 30/09/2026 18:30 UTC. */
const FIRST_DAY_START_MS = Date.parse('2026-09-30T18:30:00Z');
const FROM = '2026-10-01T00:00:00+05:30';
/** The console sends the end of the last day (23:59:59.999). */
const TO = '2026-10-31T23:59:59.999+05:30';
const REPORTS = ['cumulative-distance-report', 'daily-run-summary', 'alert-grouped', 'collection'] as const;

interface Options {
  vehicles: number;
  pgliteVehicles: number;
  days: number;
  moveS: number;
  stopS: number;
  parkedS: number;
  runs: number;
  chunk: number;
  templates: number;
  scanRuns: number;
  engines: string[];
  /** Keep the seeded database (PostgreSQL database / PGlite directory) for a later `--reuse-*` run. */
  keep: boolean;
  reusePglite: string | undefined;
  reusePostgres: string | undefined;
}

function parseOptions(argv: readonly string[]): Options {
  const value = (name: string, fallback: string) => {
    const at = argv.indexOf(`--${name}`);
    return at >= 0 && argv[at + 1] ? (argv[at + 1] as string) : fallback;
  };
  const num = (name: string, fallback: number) => {
    const v = Number(value(name, String(fallback)));
    if (!Number.isFinite(v) || v <= 0) throw new Error(`--${name} must be a positive number`);
    return v;
  };
  return {
    vehicles: num('vehicles', 1000),
    pgliteVehicles: num('pglite-vehicles', 100),
    days: num('days', 31),
    moveS: num('move-s', 60),
    stopS: num('stop-s', 300),
    parkedS: num('parked-s', 1800),
    runs: num('runs', 5),
    chunk: num('chunk', 10),
    templates: num('templates', 50),
    scanRuns: num('scan-runs', 5),
    engines: value('engines', process.env.DATABASE_URL ? 'pglite,postgres' : 'pglite').split(','),
    keep: argv.includes('--keep'),
    reusePglite: value('reuse-pglite', '') || undefined,
    reusePostgres: value('reuse-postgres', '') || undefined,
  };
}

interface Engine extends ScratchDatabase {
  sql: SqlExecutor;
  copyPositions(csv: string): Promise<void>;
  /** Opened on a database seeded by an earlier `--keep` run: no seeding. */
  reused: boolean;
  /** The PGlite directory or the PostgreSQL database name (for --reuse-…). */
  name: string;
}

async function openEngine(kind: string, options: Options): Promise<Engine> {
  const url = process.env.DATABASE_URL;
  let scratch: ScratchDatabase;
  let reuse: string | undefined;
  if (kind === 'pglite') {
    reuse = options.reusePglite;
    scratch = await openScratchPglite({ prefix: 'cf-bench-reports-', reuse, keep: options.keep });
  } else if (kind === 'postgres') {
    if (!url) throw new Error('postgres needs DATABASE_URL');
    reuse = options.reusePostgres;
    scratch = await openScratchPostgres(url, { reuse, keep: options.keep });
  } else throw new Error(`unknown engine ${kind}`);
  const copier = await openCopier(scratch);
  return {
    ...scratch,
    sql: sqlClientOf(scratch.database),
    reused: reuse !== undefined,
    name: scratch.kind === 'pglite' ? scratch.location : new URL(scratch.location).pathname.slice(1),
    copyPositions: (csv) => copier.copy('positions', POSITION_COLUMNS, csv),
    async close() {
      await copier.close();
      await scratch.close();
    },
  };
}

/**
 * The Traccar way: every vehicle's distance over the month from its raw positions — haversine between consecutive
 * valid fixes of a device (window function), summed per vehicle.
 */
export function rawScanQuery(organisationId: bigint): { text: string; params: unknown[] } {
  return {
    text: `
      select vehicle_id::text as vehicle_id, sum(step_m) as distance_m, count(*) as fixes
        from (select vehicle_id,
                     2 * 6371008.8 * asin(sqrt(
                       power(sin(radians(lat - lag(lat) over w) / 2), 2)
                       + cos(radians(lag(lat) over w)) * cos(radians(lat))
                         * power(sin(radians(lon - lag(lon) over w) / 2), 2))) as step_m
                from positions
               where fixed_at >= $1::timestamptz and fixed_at <= $2::timestamptz and gps_valid
                 and vehicle_id in (select id from vehicles where organisation_id = $3::bigint and not deleted)
              window w as (partition by device_id order by fixed_at)) s
       group by vehicle_id`,
    params: [FROM, TO, String(organisationId)],
  };
}

/** What the seeding did (kept from the seeding run when a `--reuse-*` run only re-times). */
interface SeedFacts {
  seededAt: string;
  vehicles: number;
  days: number;
  fixIntervalS: { moving: number; stopped: number; parked: number };
  distinctTracks: number;
  positions: number;
  positionsPerVehicleDay: number;
  derived: SeedResult['derived'];
  derivedHow: string;
  fences: number;
  seedSeconds: SeedResult['seconds'] & { prepare: number };
  copyRowsPerS: number;
}

async function seedEngine(engine: Engine, vehicles: number, options: Options): Promise<SeedFacts> {
  const log = (line: string) => console.log(`[${engine.kind}] ${line}`);
  const prepStarted = performance.now();
  await prepareDatabase(engine.database, { demo: true, demoFleet: false });
  const prepareS = (performance.now() - prepStarted) / 1000;
  log(`migrated + demo data in ${round(prepareS)} s; generating ${vehicles} vehicles × ${options.days} days`);
  const seed: SeedResult = await seedFleetMonth(
    { sql: engine.sql, db: engine.database.db, copyPositions: (csv) => engine.copyPositions(csv) },
    ORGANISATION,
    {
      vehicles,
      days: options.days,
      firstDayStartMs: FIRST_DAY_START_MS,
      chunk: options.chunk,
      templates: options.templates,
      moveS: options.moveS,
      stopS: options.stopS,
      parkedS: options.parkedS,
      speedLimitKph: 40,
      log,
    },
  );
  log(`seeded: ${JSON.stringify({ positions: seed.positions, ...seed.derived, seconds: seed.seconds })}`);
  return {
    seededAt: new Date().toISOString(),
    vehicles,
    days: options.days,
    fixIntervalS: { moving: options.moveS, stopped: options.stopS, parked: options.parkedS },
    distinctTracks: seed.templates,
    positions: seed.positions,
    positionsPerVehicleDay: round(seed.positions / vehicles / options.days),
    derived: seed.derived,
    derivedHow: `${seed.templates} distinct tracks generated and run through the real derive machines per device (stepDistance + stepDevice, the ingest pipeline's derive stage wiring), rows written with the derive stage's statements (derive-tables.ts, visits-table.ts), events from the alert machine's episodes, job_runs by the worker's evaluator (evaluateJobRuns) for one daily collection job per vehicle; every other vehicle replays a template's fixes (COPY under its own ids) and gets its derived rows and job runs copied in SQL`,
    fences: seed.fences,
    seedSeconds: { prepare: round(prepareS), ...seed.seconds },
    copyRowsPerS: seed.copyRowsPerS,
  };
}

async function runEngine(engine: Engine, facts: SeedFacts, options: Options) {
  const log = (line: string) => console.log(`[${engine.kind}] ${line}`);
  const loadAtStart = loadavg()[0] ?? 0;
  const [org] = await engine.sql.query<{ id: string }>(
    'select id::text as id from organisations where trade_name = $1',
    [ORGANISATION],
  );
  if (!org) throw new Error(`${ORGANISATION} missing`);
  const seed = { organisationId: BigInt(org.id) };
  const version = (await engine.sql.query<{ v: string }>('select version() as v'))[0]?.v ?? '';

  const api = await openBenchApi(engine.database);
  const { app } = api;
  const token = await api.token('SUPER_ADMIN');
  const headers = { authorization: `Bearer ${token}` };
  const filter = { organisationId: String(seed.organisationId), from: FROM, to: TO };

  const reports: Record<string, unknown> = {};
  let cumulative: { medianMs: number; rows: Map<string, number> } | undefined;
  for (const id of REPORTS) {
    if (!reportDefinition(id)) {
      reports[id] = { skipped: 'definition not registered in this tree' };
      log(`${id}: skipped (not registered)`);
      continue;
    }
    const call = () => app.inject({ method: 'POST', url: `/v1/report/${id}/run`, headers, payload: filter });
    const first = await call();
    if (first.statusCode !== 200) {
      reports[id] = { skipped: `HTTP ${first.statusCode}: ${first.body.slice(0, 300)}` };
      log(`${id}: HTTP ${first.statusCode} ${first.body.slice(0, 200)}`);
      continue;
    }
    const times: number[] = [];
    let body = first;
    for (let i = 0; i < options.runs; i++) {
      const started = performance.now();
      body = await call();
      times.push(performance.now() - started);
      if (body.statusCode !== 200) throw new Error(`${id}: HTTP ${body.statusCode}`);
    }
    const answer = (
      body.json() as {
        data: { rows: Array<Record<string, unknown>>; total: number; meta?: Record<string, unknown> };
      }
    ).data;
    const result = {
      ...figures(times),
      rows: answer.total,
      bytes: body.rawPayload.length,
      ...(answer.meta ? { meta: answer.meta } : {}),
    };
    reports[id] = result;
    log(`${id}: ${JSON.stringify(result)}`);
    if (id === 'cumulative-distance-report') {
      cumulative = {
        medianMs: result.medianMs,
        rows: new Map(answer.rows.map((r) => [String(r.vehicleId), Number(r.distance)])),
      };
    }
  }

  // The Traccar way, same run: 1 warm-up + runs.
  const scan = rawScanQuery(seed.organisationId);
  const warmScanStarted = performance.now();
  let scanRows = await engine.sql.query<{ vehicle_id: string; distance_m: string; fixes: string }>(
    scan.text,
    scan.params,
  );
  const warmScanMs = performance.now() - warmScanStarted;
  // A scan of tens of millions of rows takes minutes: past 20 s a run, 3 timed runs (recorded as `runs`).
  const scanRuns = warmScanMs > 20_000 ? Math.min(3, options.scanRuns) : options.scanRuns;
  const scanTimes: number[] = [];
  for (let i = 0; i < scanRuns; i++) {
    const started = performance.now();
    scanRows = await engine.sql.query(scan.text, scan.params);
    scanTimes.push(performance.now() - started);
  }
  const scanFigures = figures(scanTimes);
  const scannedFixes = scanRows.reduce((s, r) => s + Number(r.fixes), 0);
  log(`raw scan: ${JSON.stringify(scanFigures)} over ${scannedFixes} valid fixes`);

  // Both ways should agree: derived distance (jitter- and jump-filtered) vs plain haversine of every valid fix.
  const deltas: number[] = [];
  for (const row of scanRows) {
    const derived = cumulative?.rows.get(row.vehicle_id);
    if (derived !== undefined && Number(row.distance_m) > 0) {
      deltas.push(derived / Number(row.distance_m));
    }
  }
  deltas.sort((a, b) => a - b);
  await api.close();
  return {
    version,
    ...facts,
    reports,
    rawScan: { ...scanFigures, vehicles: scanRows.length, validFixes: scannedFixes },
    ratio: cumulative ? round(scanFigures.medianMs / Math.max(0.1, cumulative.medianMs)) : null,
    derivedOverScanDistance: deltas.length
      ? {
          vehicles: deltas.length,
          median: Number((percentile(deltas, 50) ?? NaN).toFixed(4)),
          min: Number((deltas[0] ?? NaN).toFixed(4)),
          max: Number((deltas[deltas.length - 1] ?? NaN).toFixed(4)),
        }
      : null,
    loadAverage1m: [round(loadAtStart), round(loadavg()[0] ?? 0)],
  };
}

type EngineResult = Awaited<ReturnType<typeof runEngine>> & { ranAt: string; database?: string };

function seedFactsOf(r: EngineResult): SeedFacts {
  return {
    seededAt: r.seededAt,
    vehicles: r.vehicles,
    days: r.days,
    fixIntervalS: r.fixIntervalS,
    distinctTracks: r.distinctTracks,
    positions: r.positions,
    positionsPerVehicleDay: r.positionsPerVehicleDay,
    derived: r.derived,
    derivedHow: r.derivedHow,
    fences: r.fences,
    seedSeconds: r.seedSeconds,
    copyRowsPerS: r.copyRowsPerS,
  };
}

export function markdown(date: string, engines: Record<string, EngineResult>): string {
  const out = [
    `# Reports benchmark, ${date}`,
    '',
    'Route `POST /v1/report/<id>/run` through `app.inject` as SUPER_ADMIN, filter = the organisation + October 2026 ' +
      '(31 IST days); 1 warm-up + timed runs; the raw scan is the same per-vehicle distance from positions ' +
      '(haversine by window functions). Generated by `bench/reports.bench.ts`.',
    '',
    '| engine | vehicles × days | positions (per vehicle-day) | fix interval moving / stopped / parked | seed s (COPY rows/s) | cumulative distance median / p95 ms | daily-run-summary | alert-grouped | collection | raw scan median / p95 ms | ratio |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  const cell = (r: unknown) => {
    const v = r as { medianMs?: number; p95Ms?: number; rows?: number; skipped?: string } | undefined;
    if (!v) return '—';
    if (v.skipped)
      return `skipped (${v.skipped.startsWith('HTTP') ? v.skipped.slice(0, 60) : 'not registered'})`;
    return `${v.medianMs} / ${v.p95Ms} ms (${v.rows} rows)`;
  };
  for (const [kind, r] of Object.entries(engines)) {
    const cd = r.reports['cumulative-distance-report'] as { medianMs?: number; p95Ms?: number } | undefined;
    out.push(
      `| ${kind} | ${r.vehicles} × ${r.days} | ${r.positions.toLocaleString('en')} (${r.positionsPerVehicleDay}) | ${r.fixIntervalS.moving} / ${r.fixIntervalS.stopped} / ${r.fixIntervalS.parked} s | ${r.seedSeconds.total} (${r.copyRowsPerS.toLocaleString('en')}) | ${cd?.medianMs ?? '—'} / ${cd?.p95Ms ?? '—'} | ${cell(r.reports['daily-run-summary'])} | ${cell(r.reports['alert-grouped'])} | ${cell(r.reports.collection)} | ${r.rawScan.medianMs} / ${r.rawScan.p95Ms} | ${r.ratio ?? '—'}× |`,
    );
  }
  out.push('', 'Derived rows:', '');
  for (const [kind, r] of Object.entries(engines)) {
    out.push(
      `- ${kind}: ${Object.entries(r.derived)
        .map(([k, v]) => `${k} ${v.toLocaleString('en')}`)
        .join(
          ', ',
        )}; derived ÷ raw-scan distance median ${r.derivedOverScanDistance?.median ?? '—'}; load ${r.loadAverage1m.join(' → ')}; ${r.version.split(' on ')[0]}${r.database ? `; timed at ${r.ranAt} on the database seeded at ${r.seededAt}` : ''}`,
    );
  }
  return `${out.join('\n')}\n`;
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const date = new Date().toISOString().slice(0, 10);
  const jsonFile = path.join(here, 'results', `reports-${date}.json`);
  const mdFile = path.join(here, 'results', `reports-${date}.md`);
  const previous = existsSync(jsonFile)
    ? ((JSON.parse(readFileSync(jsonFile, 'utf8')) as { engines?: Record<string, EngineResult> }).engines ??
      {})
    : {};
  const engines: Record<string, EngineResult> = { ...previous };
  for (const kind of options.engines) {
    const engine = await openEngine(kind, options);
    try {
      const vehicles = kind === 'pglite' ? options.pgliteVehicles : options.vehicles;
      const before = previous[kind];
      if (engine.reused && !before)
        throw new Error(`--reuse-${kind} needs today's result file with its seeding`);
      const facts =
        engine.reused && before ? seedFactsOf(before) : await seedEngine(engine, vehicles, options);
      engines[kind] = {
        ranAt: new Date().toISOString(),
        ...(await runEngine(engine, facts, options)),
        ...(options.keep || engine.reused ? { database: engine.name } : {}),
      };
      if (options.keep) console.log(`[${kind}] kept ${engine.name} (--reuse-${kind} ${engine.name})`);
    } finally {
      await engine.close();
    }
  }
  const report = {
    benchmark:
      'reports at fleet scale: POST /v1/report/<id>/run (app.inject, SUPER_ADMIN) over a month vs the same distance from raw positions',
    goals: { cumulativeDistanceMedianMs: 200, ratio: 100 },
    range: { from: FROM, to: TO },
    machine: { cpus: cpus().length, model: cpus()[0]?.model ?? 'unknown', node: process.version },
    engines,
  };
  // Formatted as `npm run format:check` expects (short arrays on one line).
  writeFileSync(jsonFile, await format(JSON.stringify(report), { parser: 'json' }));
  writeFileSync(mdFile, markdown(date, engines));
  console.log(`wrote ${path.relative(process.cwd(), jsonFile)} and .md`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
