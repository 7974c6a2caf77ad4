/**
 * Test kit: a fresh database per test file (cloned from the seeded template) and a built API with sign-in helpers.
 *
 *   const t = useTestApp();                   // at describe level: builds in beforeAll, closes in afterAll
 *   const res = await t.call('ADMIN', 'GET', '/v1/…');
 *
 * (`createTestApp()` is the manual form: call it in beforeAll and `t.close()` in afterAll.)
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, inject } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { LoginResult, RoleName } from '@civicfleet/shared';
import { buildApi } from '../src/app.ts';
import { createInProcessBus, type Bus } from '../src/bus/bus.ts';
import { loadBrand } from '../src/config/brand.ts';
import type { Env } from '../src/config/env.ts';
import { openPglite, openPostgres, type Database, type Db } from '../src/db/client.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoAccount, type DemoAccount } from '../src/db/seed/demo-accounts.ts';
import { DEFAULT_LOGIN_LIMITS, type AttemptLimits } from '../src/http/rate-limit.ts';
import type { ApiApp, ApiModule, Clock } from '../src/http/types.ts';
import { createOutboxMailer } from '../src/mail/outbox-mailer.ts';
import type { Mailer } from '../src/mail/mailer.ts';
import { adminQuery, databaseUrlFor, randomDbName } from './template.ts';

export { DEMO_ACCOUNTS, DEMO_PASSWORD, demoAccount, type DemoAccount };

export interface TestDatabase {
  database: Database;
  db: Db;
  close(): Promise<void>;
}

/** A private copy of the seeded template (PGlite clone, or a PostgreSQL database created from the template). */
export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL ? inject('postgresServerUrl') : undefined;
  if (serverUrl) {
    const name = randomDbName('cf_t');
    await adminQuery(serverUrl, `create database ${name} template ${inject('postgresTemplateDb')}`);
    const database = openPostgres(databaseUrlFor(serverUrl, name), 4);
    return {
      database,
      db: database.db,
      close: async () => {
        await database.close();
        await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
      },
    };
  }
  const dump = new Blob([readFileSync(inject('pgliteTemplateFile'))]);
  const client = await PGlite.create({ loadDataDir: dump });
  const database = openPglite(client);
  return { database, db: database.db, close: () => database.close() };
}

/** An empty, unmigrated database (fresh PGlite, or a new PostgreSQL database): for migration and seed tests. */
export async function openEmptyDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL ? inject('postgresServerUrl') : undefined;
  if (serverUrl) {
    const name = randomDbName('cf_e');
    await adminQuery(serverUrl, `create database ${name}`);
    const database = openPostgres(databaseUrlFor(serverUrl, name), 2);
    return {
      database,
      db: database.db,
      close: async () => {
        await database.close();
        await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
      },
    };
  }
  const database = openPglite(await PGlite.create());
  return { database, db: database.db, close: () => database.close() };
}

export function testEnv(overrides: Partial<Env> = {}): Env {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: path.join(tmpdir(), 'civicfleet-test-data'),
    databaseUrl: undefined,
    demo: true,
    simulator: false,
    jwtSecret: randomBytes(32).toString('base64url'),
    smtpUrl: undefined,
    mailFrom: 'CivicFleet <no-reply@test.civicfleet.in>',
    brand: 'civicfleet',
    webDist: path.join(tmpdir(), 'civicfleet-no-web-dist'),
    logLevel: 'silent',
    liveDeltaMs: 500,
    trustProxy: false,
    publicUrl: 'http://localhost:8080',
    devicePorts: [5010, 5023, 5027],
    // Forwarding receivers in tests listen on loopback; address-guard.test.ts covers the default (refused).
    forwardAllowPrivateAddresses: true,
    gateway: {
      enabled: false,
      host: '127.0.0.1',
      ports: { ais140: 0, gt06: 0, teltonika: 0 },
      idleTimeoutS: 600,
      maxConnections: 1000,
      flushMs: 50,
      batchRows: 2000,
      livePositions: 'early',
    },
    ...overrides,
  };
}

export interface TestAppOptions {
  env?: Partial<Env>;
  clock?: Clock;
  mailer?: Mailer;
  extraModules?: ApiModule[];
  /** The bus shared with a gateway started in the test (default: a fresh in-process bus). */
  bus?: Bus;
  /** Default: the production per-username limit, but 10,000 attempts per IP (all injects come from 127.0.0.1). */
  authLimits?: AttemptLimits;
}

export const TEST_AUTH_LIMITS: AttemptLimits = {
  perIp: { points: 10_000, durationS: 600 },
  perUsername: DEFAULT_LOGIN_LIMITS.perUsername,
};

export interface TestApp {
  app: ApiApp;
  db: Db;
  database: Database;
  env: Env;
  mailer: Mailer;
  bus: Bus;
  /** Signs in (demo role name, or an e-mail/phone with `password`) and returns the full login answer. */
  signIn(who: RoleName | string, password?: string): Promise<LoginResult>;
  /** Access token of a demo role or account (cached per role/username). */
  login(who: RoleName | string, password?: string): Promise<string>;
  /** `{ authorization: 'Bearer …' }` for a demo role or account. */
  auth(who: RoleName | string, password?: string): Promise<{ authorization: string }>;
  /** Injects `method url` signed in as `who` (demo role or account), with an optional JSON payload. */
  call(
    who: RoleName | string,
    method: HttpMethod,
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  /**
   * Confirms the password (POST /v1/auth/step-up) on the session `call(who, …)` uses, so its `config.stepUp` routes
   * answer for 10 minutes. `password` is what to confirm with, not which session.
   */
  stepUp(who: RoleName | string, password?: string): Promise<void>;
  close(): Promise<void>;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

const isRoleName = (who: string): who is RoleName => /^[A-Z_]+$/.test(who);

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const testDb = await openTestDatabase();
  const env = testEnv(options.env);
  const mailer =
    options.mailer ?? createOutboxMailer({ db: testDb.db, from: env.mailFrom, smtpUrl: env.smtpUrl });
  const bus = options.bus ?? createInProcessBus();
  const app = await buildApi(
    {
      db: testDb.db,
      env,
      brand: loadBrand(env.brand),
      mailer,
      bus,
      changes: testDb.database,
      ...(options.clock ? { clock: options.clock } : {}),
    },
    {
      logger: false,
      authLimits: options.authLimits ?? TEST_AUTH_LIMITS,
      ...(options.extraModules ? { extraModules: options.extraModules } : {}),
    },
  );
  const tokens = new Map<string, string>();

  async function signIn(who: string, password = DEMO_PASSWORD): Promise<LoginResult> {
    const username = isRoleName(who) ? demoAccount(who).email : who;
    const res = await app.inject({ method: 'POST', url: '/v1/auth/login', payload: { username, password } });
    if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
    return (res.json() as { data: LoginResult }).data;
  }

  async function login(who: string, password?: string): Promise<string> {
    const key = `${who}\n${password ?? ''}`;
    const cached = tokens.get(key);
    if (cached) return cached;
    const token = (await signIn(who, password)).token.access.token;
    tokens.set(key, token);
    return token;
  }

  const auth = async (who: string, password?: string) => ({
    authorization: `Bearer ${await login(who, password)}`,
  });

  async function stepUp(who: string, password = DEMO_PASSWORD): Promise<void> {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/auth/step-up',
      headers: await auth(who),
      payload: { password },
    });
    if (res.statusCode !== 200) throw new Error(`step-up ${who} failed: ${res.statusCode} ${res.body}`);
  }

  return {
    app,
    db: testDb.db,
    database: testDb.database,
    env,
    mailer,
    bus,
    signIn,
    login,
    auth,
    call: async (who, method, url, payload) =>
      app.inject({
        method,
        url,
        headers: await auth(who),
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    stepUp,
    close: async () => {
      await app.close();
      await mailer.close();
      await testDb.close();
    },
  };
}

/**
 * Registers beforeAll (build the app) and afterAll (close it) in the current describe block and returns a stand-in
 * that forwards to the live app, so it can be declared once at describe level: `const t = useTestApp();`.
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(options);
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  const live = (): TestApp => {
    if (!current)
      throw new Error('useTestApp: the app exists only inside beforeAll/afterAll hooks and tests');
    return current;
  };
  return {
    get app() {
      return live().app;
    },
    get db() {
      return live().db;
    },
    get database() {
      return live().database;
    },
    get env() {
      return live().env;
    },
    get mailer() {
      return live().mailer;
    },
    get bus() {
      return live().bus;
    },
    signIn: (who, password) => live().signIn(who, password),
    login: (who, password) => live().login(who, password),
    auth: (who, password) => live().auth(who, password),
    call: (who, method, url, payload) => live().call(who, method, url, payload),
    stepUp: (who, password) => live().stepUp(who, password),
    close: async () => {
      await current?.close();
      current = undefined;
    },
  };
}
