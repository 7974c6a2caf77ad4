/**
 * API under load (issue 9: "autocannon at 1,000 requests/s on vehicle list, vehicle status and search: p99 < 100 ms").
 *
 * A CHILD process runs the real API (buildApi + listen on 127.0.0.1, ephemeral port) on a scratch database — PGlite
 * in a temp directory, or with --database-url / DATABASE_URL a fresh database on that PostgreSQL server, dropped at
 * the end — migrated and demo-seeded (prepareDatabase), plus a fleet of --vehicles Indore vehicles, each with a linked
 * GT06 device and a latest position (device_latest) in a realistic status mix. This process signs in over HTTP as
 * the demo Indore ADMIN and drives autocannon at a fixed overall rate on the console's own calls:
 *
 *   vehicle list    GET /v1/vehicle?page=1&pageSize=10&sortOrder=asc          (features/vehicle/api/vehicles.ts)
 *   vehicle status  GET /v1/vehicle/statuses?page=0&pageSize=10               (features/vehicle-status/api/…)
 *   search          GET /v1/search?query=<term>   terms rotate (IMEI digits, registration fragments, misses)
 *
 *   npm run bench:api                                              (1,000 req/s, 30 s per endpoint, PGlite)
 *   node --import tsx bench/api-load.bench.ts --rate 200 --duration 5 --vehicles 300     (a quick small run)
 *   node --import tsx bench/api-load.bench.ts --database-url postgres://…                (PostgreSQL)
 *
 * Results → bench/results/api-load-<date>.json and .md. Client and server share the machine's cores: on a loaded
 * machine the figures include the wait for CPU (the load average is recorded with them).
 */
import { fork } from 'node:child_process';
import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import type { Database } from '../apps/server/src/db/client.ts';

const { values: args } = parseArgs({
  options: {
    rate: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '30' },
    vehicles: { type: 'string', default: '1000' },
    connections: { type: 'string', default: '50' },
    endpoints: { type: 'string', default: 'vehicle-list,vehicle-status,search' },
    'database-url': { type: 'string', default: process.env.DATABASE_URL },
    server: { type: 'boolean', default: false },
    'api-processes': { type: 'string', default: '1' },
    'api-worker': { type: 'boolean', default: false },
    port: { type: 'string', default: '0' },
    // Leaves the scratch database (PostgreSQL) or directory (PGlite) in place, to EXPLAIN the calls afterwards.
    'keep-database': { type: 'boolean', default: false },
    // Writes a V8 CPU profile of the API process here (open it in Chrome DevTools or speedscope).
    'cpu-prof-dir': { type: 'string' },
  },
});
const RATE = Number(args.rate);
const DURATION_S = Number(args.duration);
const VEHICLES = Number(args.vehicles);
const CONNECTIONS = Number(args.connections);
const API_PROCESSES = Number(args['api-processes']);
const DATABASE_URL = args['database-url'] || undefined;
const IMEI_PREFIX = '35992';
const here = path.dirname(fileURLToPath(import.meta.url));

interface Ready {
  port: number;
  engine: 'pglite' | 'postgres';
  /** The processes serving the API (CPU accounting). */
  apiPids: number[];
  /** PostgreSQL: the scratch database's URL (its backends' CPU is counted). */
  databaseUrl?: string;
}

// ---------------------------------------------------------------------------------------------- server child

async function runServer(): Promise<void> {
  const { openScratchDatabase, benchEnv } = await import('./support/engine.ts');
  const { prepareDatabase } = await import('../apps/server/src/db/seed/index.ts');
  const { sqlClientOf } = await import('../apps/server/src/gateway/ingest/sql-client.ts');
  const { INDORE, organisationId } = await import('../apps/server/src/gateway/testing/fleet.ts');

  const engine = await openScratchDatabase(DATABASE_URL, {
    prefix: 'cf_api_load_',
    keep: args['keep-database'],
  });
  if (args['keep-database']) console.log(`scratch database kept: ${engine.location}`);
  const { database } = engine;
  await prepareDatabase(database, { demo: true });
  const sql = sqlClientOf(database);
  const org = (await organisationId(database.db, INDORE)).toString();
  // The fleet in set-based statements: vehicle i carries device i, whose latest fix is spread over Indore and over
  // the statuses the board counts (moving, idle, stopped, offline, never connected).
  await sql.query(
    `INSERT INTO devices (imei, protocol, organisation_id, status, model)
     SELECT $3 || lpad(g::text, 10, '0'), 'gt06', $1, 'INSTALLED', 'gt06 load unit' FROM generate_series(0, $2::int - 1) g`,
    [org, VEHICLES, IMEI_PREFIX],
  );
  await sql.query(
    `INSERT INTO vehicles (organisation_id, registration_number, kind, type, category)
     SELECT $1, 'MP09LD' || lpad(g::text, 4, '0'), 'TRUCK', 'tipper', 'Goods' FROM generate_series(0, $2::int - 1) g`,
    [org, VEHICLES],
  );
  await sql.query(
    `INSERT INTO vehicle_device_links (vehicle_id, device_id, linked_at)
     SELECT v.id, d.id, '2000-01-01T00:00:00Z' FROM generate_series(0, $2::int - 1) g
     JOIN devices d ON d.imei = $1 || lpad(g::text, 10, '0')
     JOIN vehicles v ON v.registration_number = 'MP09LD' || lpad(g::text, 4, '0')`,
    [IMEI_PREFIX, VEHICLES],
  );
  await sql.query(
    `INSERT INTO device_latest (device_id, vehicle_id, organisation_id, fixed_at, server_at, lat, lon, speed_kph,
       heading_deg, satellites, gps_valid, ignition, motion, main_power, status, status_since, last_packet_at)
     SELECT l.device_id, l.vehicle_id, $1, t.at, t.at, 22.68 + (g % 97) * 0.0012, 75.80 + (g % 89) * 0.0013,
       CASE WHEN g % 5 = 0 THEN 30 ELSE 0 END, (g * 37) % 360, 10, true, g % 5 < 2, g % 5 = 0, true,
       (ARRAY['moving','idle','stopped','offline','stopped'])[g % 5 + 1], t.at, t.at
     FROM generate_series(0, $2::int - 1) g
     JOIN devices d ON d.imei = $3 || lpad(g::text, 10, '0')
     JOIN vehicle_device_links l ON l.device_id = d.id AND l.unlinked_at IS NULL
     CROSS JOIN LATERAL (SELECT now() - make_interval(secs => CASE WHEN g % 5 = 3 THEN 86400 ELSE g % 120 END) AS at) t
     ON CONFLICT (device_id) DO NOTHING`,
    [org, VEHICLES, IMEI_PREFIX],
  );
  await sql.query('ANALYZE');

  if (API_PROCESSES > 1) {
    // N API processes on one port (node:cluster hands each new connection to the next worker), the way a host runs
    // one API process per core behind its HTTP load balancer. They share the JWT secret, as a deployment's do.
    if (engine.kind !== 'postgres') throw new Error('--api-processes > 1 needs PostgreSQL (--database-url)');
    const jwtSecret = randomBytes(32).toString('base64url');
    const port = await freePort();
    cluster.setupPrimary({
      exec: fileURLToPath(import.meta.url),
      args: ['--api-worker', '--database-url', engine.location, '--port', String(port)],
      execArgv: process.execArgv,
    });
    const workers = Array.from({ length: API_PROCESSES }, () =>
      cluster.fork({ BENCH_JWT_SECRET: jwtSecret }),
    );
    await Promise.all(workers.map((w) => new Promise((resolve) => w.once('message', resolve))));
    process.send?.({
      port,
      engine: engine.kind,
      apiPids: workers.map((w) => w.process.pid ?? 0),
      databaseUrl: engine.location,
    } satisfies Ready);
    process.on('message', () => {
      void (async () => {
        for (const w of workers) w.kill();
        await Promise.all(workers.map((w) => new Promise((resolve) => w.once('exit', resolve))));
        await engine.close();
        process.exit(0);
      })();
    });
    return;
  }
  const { app, close } = await startApi(database, engine.location, benchEnv().jwtSecret);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.send?.({
    port,
    engine: engine.kind,
    apiPids: [process.pid],
    ...(engine.kind === 'postgres' ? { databaseUrl: engine.location } : {}),
  } satisfies Ready);
  process.on('message', () => {
    void (async () => {
      await close();
      await engine.close();
      process.exit(0);
    })();
  });
}

/** The real API on a database, with the change feed (so authentication contexts are cached, as in production). */
async function startApi(database: Database, location: string, jwtSecret: string) {
  const { benchEnv } = await import('./support/engine.ts');
  const { buildApi } = await import('../apps/server/src/app.ts');
  const { loadBrand } = await import('../apps/server/src/config/brand.ts');
  const { createInProcessBus } = await import('../apps/server/src/bus/bus.ts');
  const { createOutboxMailer } = await import('../apps/server/src/mail/outbox-mailer.ts');
  const env = benchEnv({ DATA_DIR: location, JWT_SECRET: jwtSecret });
  const mailer = createOutboxMailer({ db: database.db, from: env.mailFrom, smtpUrl: undefined });
  const app = await buildApi(
    {
      db: database.db,
      env,
      brand: loadBrand(env.brand),
      mailer,
      bus: createInProcessBus(),
      changes: database,
    },
    { logger: false },
  );
  return {
    app,
    async close() {
      await app.close();
      await mailer.close();
    },
  };
}

/** A cluster worker: one API process on the shared port. */
async function runApiWorker(): Promise<void> {
  const { openPostgres } = await import('../apps/server/src/db/client.ts');
  const database = openPostgres(DATABASE_URL ?? '');
  const { app } = await startApi(database, tmpdir(), process.env.BENCH_JWT_SECRET ?? '');
  await app.listen({ port: Number(args.port), host: '127.0.0.1' });
  process.send?.('ready');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); 0 once it is gone. */
function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * The PostgreSQL backends serving the bench's scratch database (the API's pooled connections): other databases on the
 * same server (other benches, tests) are not counted, nor are the server's shared background processes.
 */
async function backendPids(databaseUrl: string | undefined): Promise<number[]> {
  if (!databaseUrl) return [];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return result.rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

/** CPU used by the API processes, the database server and this client (autocannon) — machine-load independent. */
async function cpuSnapshot(ready: Ready) {
  const client = process.cpuUsage();
  const backends = await backendPids(ready.databaseUrl);
  return {
    api: ready.apiPids.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0),
    backends: new Map(backends.map((pid) => [pid, cpuSecondsOf(pid)])),
    client: (client.user + client.system) / 1e6,
  };
}

// ---------------------------------------------------------------------------------------------- client

interface EndpointResult {
  endpoint: string;
  path: string;
  targetRate: number;
  achievedRate: number;
  requests: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  meanMs: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  ok2xx: number;
  meanResponseBytes: number;
  loadAverage1m: number;
  /** CPU time per request: API process(es), PostgreSQL server processes (null on PGlite: inside the API), client. */
  cpuMsPerRequest: { api: number; database: number | null; client: number };
  meetsTarget: boolean;
}

async function signIn(port: number): Promise<string> {
  const { demoAccount, DEMO_PASSWORD } = await import('../apps/server/src/db/seed/demo-accounts.ts');
  const res = await fetch(`http://127.0.0.1:${port}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: demoAccount('ADMIN').email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { token: { access: { token: string } } } }).data.token.access.token;
}

/** What people type in the global search: IMEI digits, registration fragments, names, and misses. */
function searchTerms(): string[] {
  const terms: string[] = [];
  for (let i = 0; i < 50; i += 1) {
    const n = (i * 7919) % VEHICLES;
    terms.push(`${IMEI_PREFIX}${String(n).padStart(10, '0')}`.slice(-6));
    terms.push(`MP09LD${String(n).padStart(4, '0')}`);
    terms.push(`LD${String(n % 100).padStart(2, '0')}`);
  }
  terms.push('indore', 'tipper', 'zzzz-no-match', '3599', 'MP09');
  return terms;
}

function runAutocannon(port: number, token: string, endpoint: string): Promise<autocannon.Result> {
  const base = { url: `http://127.0.0.1:${port}`, headers: { authorization: `Bearer ${token}` } };
  const common = {
    ...base,
    connections: CONNECTIONS,
    overallRate: RATE,
    duration: DURATION_S,
    timeout: 10,
  };
  if (endpoint === 'search') {
    const terms = searchTerms();
    let next = 0;
    return autocannon({
      ...common,
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => {
            const term = terms[next++ % terms.length] ?? '';
            return { ...request, path: `/v1/search?query=${encodeURIComponent(term)}` };
          },
        },
      ],
    });
  }
  return autocannon({
    ...common,
    // The path goes in requests[]: autocannon has no top-level path option (it would request `url` itself).
    requests: [{ method: 'GET', path: pathOf(endpoint) }],
  });
}

function pathOf(endpoint: string): string {
  switch (endpoint) {
    case 'vehicle-list':
      return '/v1/vehicle?page=1&pageSize=10&sortOrder=asc';
    case 'vehicle-status':
      return '/v1/vehicle/statuses?page=0&pageSize=10';
    case 'search':
      return '/v1/search?query=<term>';
    default:
      throw new Error(`unknown endpoint ${endpoint}`);
  }
}

async function runClient(): Promise<void> {
  const child = fork(
    fileURLToPath(import.meta.url),
    [
      '--server',
      '--vehicles',
      String(VEHICLES),
      '--database-url',
      DATABASE_URL ?? '',
      '--api-processes',
      String(API_PROCESSES),
      ...(args['keep-database'] ? ['--keep-database'] : []),
    ],
    {
      execArgv: [
        '--import',
        'tsx',
        ...(args['cpu-prof-dir'] ? ['--cpu-prof', `--cpu-prof-dir=${args['cpu-prof-dir']}`] : []),
      ],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('exit', (code) => reject(new Error(`server child exited (${String(code)})`)));
  });
  const results: EndpointResult[] = [];
  try {
    const token = await signIn(ready.port);
    for (const endpoint of args.endpoints.split(',')) {
      // The call answers 200 with data (not an error or an empty page), and what one answer costs alone.
      const probeUrl = `http://127.0.0.1:${ready.port}${endpoint === 'search' ? '/v1/search?query=MP09' : pathOf(endpoint)}`;
      const probeStart = performance.now();
      const probe = await fetch(probeUrl, { headers: { authorization: `Bearer ${token}` } });
      const probeBody = await probe.text();
      if (probe.status !== 200) throw new Error(`${endpoint}: ${probe.status} ${probeBody.slice(0, 200)}`);
      console.log(
        `${endpoint}: 200, ${probeBody.length} bytes, ${Math.round(performance.now() - probeStart)} ms alone`,
      );
      // A short warm-up (JIT, plan caches) that is not measured.
      await autocannon({
        url: `http://127.0.0.1:${ready.port}${endpoint === 'search' ? '/v1/search?query=MP09' : pathOf(endpoint)}`,
        headers: { authorization: `Bearer ${token}` },
        connections: 5,
        amount: 200,
      });
      const before = await cpuSnapshot(ready);
      const r = await runAutocannon(ready.port, token, endpoint);
      const after = await cpuSnapshot(ready);
      const perRequest = (seconds: number) =>
        Math.round((seconds * 1000 * 100) / Math.max(1, r.requests.total)) / 100;
      // Backends opened during the run started from 0.
      let database = 0;
      for (const [pid, cpu] of after.backends) database += cpu - (before.backends.get(pid) ?? 0);
      const cpuMsPerRequest = {
        api: perRequest(after.api - before.api),
        database: ready.engine === 'postgres' ? perRequest(database) : null,
        client: perRequest(after.client - before.client),
      };
      const row: EndpointResult = {
        endpoint,
        path: pathOf(endpoint),
        targetRate: RATE,
        achievedRate: Math.round(r.requests.total / DURATION_S),
        requests: r.requests.total,
        p50Ms: r.latency.p50,
        p90Ms: r.latency.p90,
        p99Ms: r.latency.p99,
        maxMs: r.latency.max,
        meanMs: Math.round(r.latency.average * 10) / 10,
        errors: r.errors,
        timeouts: r.timeouts,
        non2xx: r.non2xx,
        ok2xx: r['2xx'],
        meanResponseBytes: Math.round(r.throughput.total / Math.max(1, r.requests.total)),
        loadAverage1m: Math.round((loadavg()[0] ?? 0) * 10) / 10,
        cpuMsPerRequest,
        meetsTarget:
          r.latency.p99 < 100 &&
          r.errors === 0 &&
          r.non2xx === 0 &&
          r.requests.total >= RATE * DURATION_S * 0.95,
      };
      results.push(row);
      console.log(JSON.stringify(row));
    }
  } finally {
    child.send('stop');
    await new Promise((resolve) => child.once('exit', resolve));
  }

  const date = new Date().toISOString();
  const run = {
    ranAt: date,
    vehicles: VEHICLES,
    caller: 'demo ADMIN (Indore)',
    rate: RATE,
    durationS: DURATION_S,
    connections: CONNECTIONS,
    apiProcesses: API_PROCESSES,
    results,
  };
  const dir = path.join(here, 'results');
  mkdirSync(dir, { recursive: true });
  const base = path.join(dir, `api-load-${date.slice(0, 10)}`);
  // One file per day; a run replaces its engine's entry and keeps the other engine's.
  const previous = existsSync(`${base}.json`)
    ? (JSON.parse(readFileSync(`${base}.json`, 'utf8')) as { engines?: Record<string, typeof run> })
    : {};
  const engines: Record<string, typeof run> = { ...(previous.engines ?? {}), [ready.engine]: run };
  const machine = { cpus: cpus().length, model: cpus()[0]?.model ?? 'unknown', node: process.version };
  const report = {
    benchmark: 'api-load',
    target: 'p99 < 100 ms at 1,000 requests/s on each endpoint (issue 9)',
    machine,
    engines,
  };
  writeFileSync(`${base}.json`, `${JSON.stringify(report, null, 2)}\n`);
  const md = [
    `# API load (bench/api-load.bench.ts) — ${date.slice(0, 10)}`,
    '',
    `Machine: ${machine.cpus} × ${machine.model}, Node ${machine.node}. Target: p99 < 100 ms at 1,000 req/s.`,
    ...Object.entries(engines).flatMap(([engine, r]) => [
      '',
      `## ${engine} — ${r.ranAt.slice(0, 16)} UTC, ${r.apiProcesses ?? 1} API process(es), ${r.vehicles} vehicles, ${r.rate} req/s × ${r.durationS} s, ${r.connections} connections`,
      '',
      '| endpoint | achieved req/s | p50 ms | p90 ms | p99 ms | max ms | errors | non-2xx | CPU ms/request: API / database / client | load 1m | meets target |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
      ...r.results.map(
        (x) =>
          `| ${x.endpoint} \`${x.path}\` | ${x.achievedRate} | ${x.p50Ms} | ${x.p90Ms} | ${x.p99Ms} | ${x.maxMs} | ${x.errors} | ${x.non2xx} | ${x.cpuMsPerRequest ? `${x.cpuMsPerRequest.api} / ${x.cpuMsPerRequest.database ?? 'in API'} / ${x.cpuMsPerRequest.client}` : '–'} | ${x.loadAverage1m} | ${x.meetsTarget ? 'yes' : 'no'} |`,
      ),
    ]),
    '',
  ].join('\n');
  writeFileSync(`${base}.md`, md);
  console.log(`wrote ${path.relative(process.cwd(), base)}.json and .md`);
}

if (args['api-worker']) await runApiWorker();
else if (args.server) await runServer();
else await runClient();
