/**
 * Global search latency (GET /v1/search, modules/search): 100k devices, 100k vehicles (70% with a device) and 10k
 * users spread over the demo organisations, then 200 searches of mixed realistic terms through the real route
 * (`app.inject`: authentication, organisation scope, validation, serialisation included), once as the scoped ADMIN
 * of Indore and once as SUPER_ADMIN, after a warm-up round. Reports p50/p95/p99 per engine.
 *
 *   node --import tsx bench/search.bench.ts                                  (PGlite only)
 *   DATABASE_URL=postgres://… node --import tsx bench/search.bench.ts        (PGlite, then a scratch PostgreSQL db)
 *
 * Results → bench/results/search.json (one entry per engine run; an engine not run keeps its previous entry).
 */
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import type { SearchResult } from '@civicfleet/shared';
import { rows, type Database } from '../apps/server/src/db/client.ts';
import { prepareDatabase } from '../apps/server/src/db/seed/index.ts';
import { openBenchApi, percentile, round, runOnEachEngine, type ScratchDatabase } from './support/engine.ts';

const DEVICES = 100_000;
const VEHICLES = 100_000;
const USERS = 10_000;
const SEARCHES = 200;
const WARM_UP = 30;
const here = path.dirname(fileURLToPath(import.meta.url));
const resultsFile = path.join(here, 'results', 'search.json');

/**
 * Bulk rows in SQL (generate_series): unique IMEIs/ICCIDs/phones from multiplications by primes modulo a power of
 * ten (bijective), registration numbers MP09AB1234-like and unique, rows dealt round-robin over the organisations.
 */
export async function seedFleet(database: Database): Promise<void> {
  const { db } = database;
  const orgs = (
    await rows<{ id: string }>(db, sql`select id::text as id from organisations order by id`)
  ).map((r) => r.id);
  const orgArray = sql.raw(`array[${orgs.join(',')}]::bigint[]`);
  const n = orgs.length;
  await db.execute(sql`
    insert into devices (imei, iccid, sim1, status, model, organisation_id)
    select '86' || lpad((g::bigint * 982451653 % 10000000000000)::text, 13, '0'),
           '8991' || lpad((g::bigint * 1000003 % 1000000000000000)::text, 15, '0'),
           '+91' || (6000000000 + g::bigint * 7919 % 3999999999)::text,
           (array['NEW','ALLOCATED','INSTALLED','DEFECTED'])[g % 4 + 1],
           'BENCH',
           (${orgArray})[g % ${n} + 1]
    from generate_series(1, ${DEVICES}) g
    on conflict do nothing`);
  await db.execute(sql`
    insert into vehicles (registration_number, make, organisation_id)
    select (array['MP','MH','GJ','RJ','UP','DL','KA','TN'])[g % 8 + 1]
             || lpad(((g * 7) % 60 + 1)::text, 2, '0')
             || chr(65 + (g / 10000) % 26) || chr(65 + (g * 13) % 26)
             || lpad((g % 10000)::text, 4, '0'),
           'BENCH',
           (${orgArray})[g % ${n} + 1]
    from generate_series(1, ${VEHICLES}) g
    on conflict do nothing`);
  await db.execute(sql`
    insert into vehicle_device_links (vehicle_id, device_id)
    select v.id, d.id
    from (select id, row_number() over (order by id) rn from vehicles where make = 'BENCH') v
    join (select id, row_number() over (order by id) rn from devices where model = 'BENCH') d on d.rn = v.rn
    where v.rn % 10 < 7`);
  await db.execute(sql`
    insert into users (first_name, last_name, email, phone, password_hash, role_id, organisation_id)
    select f.name, l.name,
           lower(f.name) || '.' || lower(l.name) || g || '@bench.civicfleet.in',
           '+91' || (7000000000 + g::bigint * 7919)::text,
           (select password_hash from users order by id limit 1),
           (select id from roles where name = 'LIMITED_USER'),
           (${orgArray})[g % ${n} + 1]
    from generate_series(1, ${USERS}) g
    cross join lateral (select (array['Rahul','Priya','Amit','Sunita','Vikram','Anjali','Suresh','Kavya','Rajesh',
      'Pooja','Manoj','Neha','Arjun','Deepa','Sanjay','Meera','Ravi','Lakshmi','Vijay','Asha'])[g % 20 + 1] as name) f
    cross join lateral (select (array['Sharma','Verma','Patel','Singh','Yadav','Gupta','Joshi','Chouhan','Mishra',
      'Tiwari','Dubey','Rathore','Jain','Agarwal','Pandey','Malviya','Solanki'])[(g / 20) % 17 + 1] as name) l`);
  await db.execute(sql`analyze`);
}

/** A deterministic pseudo-random sequence (mulberry32). */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 200 terms as people type them: identifier fragments (start or end), whole identifiers, names, phones, misses. */
async function searchTerms(database: Database, organisationId: string | null): Promise<string[]> {
  const { db } = database;
  const own = (column: string) =>
    organisationId === null ? sql`true` : sql`${sql.raw(column)} = ${organisationId}::bigint`;
  const sample = <T>(query: ReturnType<typeof sql>) => rows<T>(db, query);
  const devs = await sample<{ imei: string; iccid: string }>(
    sql`select imei, iccid from devices where model = 'BENCH' and ${own('organisation_id')}
        order by md5(id::text) limit 80`,
  );
  const regs = await sample<{ reg: string }>(
    sql`select registration_number as reg from vehicles where make = 'BENCH' and ${own('organisation_id')}
        order by md5(id::text) limit 60`,
  );
  const people = await sample<{ first: string; last: string; email: string; phone: string }>(
    sql`select first_name as first, last_name as last, email, phone from users
        where email like '%@bench.%' and ${own('organisation_id')} order by md5(id::text) limit 60`,
  );
  const random = prng(20261122);
  const pick = <T>(list: T[]): T => {
    const item = list[Math.floor(random() * list.length)];
    if (item === undefined) throw new Error('empty sample');
    return item;
  };
  const makers: Array<[number, () => string]> = [
    [40, () => pick(devs).imei.slice(-6)], // last digits of an IMEI, the usual way
    [15, () => pick(devs).imei.slice(0, 9)], // start of an IMEI: many matches
    [15, () => pick(devs).imei],
    [10, () => pick(devs).iccid.slice(-8)],
    [25, () => pick(regs).reg.slice(0, 6)], // "MP09AB"
    [25, () => pick(regs).reg.slice(-6)], // "AB1234"
    [
      10,
      () =>
        pick(regs)
          .reg.replace(/^(..)(..)(..)/, '$1 $2 $3 ')
          .toLowerCase(),
    ], // "mp 09 ab 1234"
    [15, () => pick(people).first],
    [10, () => `${pick(people).first} ${pick(people).last}`.toLowerCase()],
    [10, () => pick(people).phone.slice(-5)],
    [5, () => pick(people).phone.slice(3)],
    [10, () => pick(people).email.slice(0, 8)],
    [10, () => pick(['a', '9', 'zzzz', 'kumar', 'MP', '1234', 'xyz@', 'sharma', '0000', 'q'])],
  ];
  const terms = makers.flatMap(([count, make]) => Array.from({ length: count }, make));
  if (terms.length !== SEARCHES) throw new Error(`expected ${SEARCHES} terms, built ${terms.length}`);
  // Interleave the kinds so caches do not favour one kind in a row.
  return terms
    .map((term) => ({ term, key: random() }))
    .sort((a, b) => a.key - b.key)
    .map((t) => t.term);
}

const round2 = (ms: number) => round(ms, 2);

interface RoleFigures {
  searches: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  meanMs: number;
  /** Mean results per search (all kinds), so a fast "no results" run would show. */
  meanResults: number;
  searchesWithResults: number;
  /** This process's CPU per search: all of it on PGlite (in-process), the API side only on PostgreSQL. */
  processCpuMsPerSearch: number;
  /** 1-minute load average before and after the timed round (the machine is shared: read the figures with it). */
  loadAverage1m: number[];
  slowest: Array<{ term: string; ms: number }>;
}

async function runEngine(engine: ScratchDatabase) {
  const { database } = engine;
  const startedSeed = performance.now();
  await prepareDatabase(database, { demo: true, demoFleet: false });
  await seedFleet(database);
  const seedS = (performance.now() - startedSeed) / 1000;
  const counts = (
    await rows<{ devices: number; vehicles: number; users: number; links: number; organisations: number }>(
      database.db,
      sql`select (select count(*)::int from devices) as devices, (select count(*)::int from vehicles) as vehicles,
            (select count(*)::int from users) as users,
            (select count(*)::int from vehicle_device_links where unlinked_at is null) as links,
            (select count(*)::int from organisations) as organisations`,
    )
  )[0];
  const version = (await rows<{ v: string }>(database.db, sql`select version() as v`))[0]?.v ?? '';
  // The scoped ADMIN searches their own fleet (Indore); SUPER_ADMIN the whole platform.
  const indore = (
    await rows<{ id: string }>(
      database.db,
      sql`select id::text as id from organisations where trade_name = 'Indore Municipal Corporation'`,
    )
  )[0]?.id;
  if (indore === undefined) throw new Error('demo organisation Indore missing');
  const termsOf = {
    ADMIN: await searchTerms(database, indore),
    SUPER_ADMIN: await searchTerms(database, null),
  };

  const api = await openBenchApi(database);
  const { app, token } = api;

  const byRole: Record<string, RoleFigures> = {};
  for (const role of ['ADMIN', 'SUPER_ADMIN'] as const) {
    const headers = { authorization: `Bearer ${await token(role)}` };
    const search = async (term: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/v1/search?query=${encodeURIComponent(term)}`,
        headers,
      });
      if (res.statusCode !== 200) throw new Error(`search ${term}: ${res.statusCode} ${res.body}`);
      const data = (res.json() as { data: SearchResult }).data;
      return data.Devices.length + data.Vehicles.length + data.Users.length;
    };
    const terms = termsOf[role];
    for (const term of terms.slice(0, WARM_UP)) await search(term);
    const loadBefore = loadavg()[0] ?? 0;
    const cpuBefore = process.cpuUsage();
    const times: number[] = [];
    const timed: Array<{ term: string; ms: number }> = [];
    let results = 0;
    let withResults = 0;
    for (const term of terms) {
      const started = performance.now();
      const found = await search(term);
      times.push(performance.now() - started);
      timed.push({ term, ms: round2(performance.now() - started) });
      results += found;
      if (found > 0) withResults += 1;
    }
    const cpu = process.cpuUsage(cpuBefore);
    const sorted = [...times].sort((a, b) => a - b);
    byRole[role === 'ADMIN' ? 'scopedAdmin' : 'superAdmin'] = {
      searches: times.length,
      p50Ms: round2(percentile(sorted, 50)),
      p95Ms: round2(percentile(sorted, 95)),
      p99Ms: round2(percentile(sorted, 99)),
      maxMs: round2(sorted[sorted.length - 1] ?? NaN),
      meanMs: round2(times.reduce((a, b) => a + b, 0) / times.length),
      meanResults: round2(results / times.length),
      searchesWithResults: withResults,
      processCpuMsPerSearch: round2((cpu.user + cpu.system) / 1000 / times.length),
      loadAverage1m: [round2(loadBefore), round2(loadavg()[0] ?? 0)],
      slowest: timed.sort((a, b) => b.ms - a.ms).slice(0, 5),
    };
    console.log(engine.kind, role, byRole[role === 'ADMIN' ? 'scopedAdmin' : 'superAdmin']);
  }
  await api.close();
  return {
    version,
    seedS: round2(seedS),
    rows: counts,
    sampleTerms: termsOf.SUPER_ADMIN.slice(0, 12),
    ...byRole,
  };
}

async function main(): Promise<void> {
  await runOnEachEngine({
    resultsFile,
    prefix: 'cf-bench-search',
    describe: {
      benchmark: 'GET /v1/search through app.inject, 200 mixed terms per role after 30 warm-up searches',
      target: 'under 50 ms per search on 100k devices',
    },
    run: runEngine,
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
