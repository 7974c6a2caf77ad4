import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadBrand } from './brand.ts';
import { loadEnv } from './env.ts';
import { REPO_ROOT } from './paths.ts';

/** What `openssl rand -base64 48` gives: the kind of secret the server accepts. */
const SECRET = randomBytes(48).toString('base64');

const scratch = () => mkdtempSync(path.join(tmpdir(), 'cf-env-'));

describe('loadEnv', () => {
  it('defaults to the embedded database in <repo>/data, demo on, and device ports', () => {
    const env = loadEnv({ JWT_SECRET: SECRET });
    expect(env.port).toBe(8080);
    expect(env.host).toBe('0.0.0.0');
    expect(env.dataDir).toBe(path.join(REPO_ROOT, 'data'));
    expect(env.webDist).toBe(path.join(REPO_ROOT, 'apps/web/dist'));
    expect(env.databaseUrl).toBeUndefined();
    expect(env.redisUrl).toBeUndefined();
    expect(env.demo).toBe(true);
    expect(env.publicUrl).toBe('http://localhost:8080');
    expect(env.devicePorts).toEqual([5010, 5023, 5027]);
    expect(env.gateway).toEqual({
      enabled: true,
      host: '0.0.0.0',
      ports: { ais140: 5010, gt06: 5023, teltonika: 5027 },
      idleTimeoutS: 600,
      maxConnections: 100_000,
      flushMs: 1000,
      batchRows: 2000,
      livePositions: 'early',
      maxConnectionsPerAddress: 200,
      loginTimeoutS: 60,
      takeoverGuardS: 300,
      unknownFrames: 10,
    });
    expect(env.pool).toEqual({ max: 10, connectTimeoutMs: 5000, statementTimeoutMs: 60_000 });
    expect(env.brand).toBe('civicfleet');
  });

  it('turns the demo off by default on PostgreSQL, and on with DEMO=on', () => {
    const base = { JWT_SECRET: SECRET, DATABASE_URL: 'postgres://u@db:5432/cf' };
    expect(loadEnv(base).demo).toBe(false);
    expect(loadEnv({ ...base, DEMO: 'on' }).demo).toBe(true);
    expect(
      loadEnv({
        ...base,
        DATABASE_POOL_MAX: '4',
        DATABASE_CONNECT_TIMEOUT_MS: '1500',
        DATABASE_STATEMENT_TIMEOUT_MS: '0',
      }).pool,
    ).toEqual({ max: 4, connectTimeoutMs: 1500, statementTimeoutMs: 0 });
    expect(() => loadEnv({ ...base, DATABASE_POOL_MAX: '1' })).toThrow(/DATABASE_POOL_MAX/);
    expect(loadEnv({ JWT_SECRET: SECRET, DEMO: 'off' }).demo).toBe(false);
  });

  it('simulates the demo fleet by default only with the demo on (SIMULATOR=off to disable)', () => {
    const base = { JWT_SECRET: SECRET };
    expect(loadEnv(base).simulator).toBe(true);
    expect(loadEnv({ ...base, SIMULATOR: 'off' }).simulator).toBe(false);
    expect(loadEnv({ ...base, DEMO: 'off' }).simulator).toBe(false);
    expect(loadEnv({ ...base, DEMO: 'off', SIMULATOR: 'on' }).simulator).toBe(true);
  });

  it('generates the JWT secret once (mode 0600) and reuses it', () => {
    const dataDir = scratch();
    const first = loadEnv({ DATA_DIR: dataDir }).jwtSecret;
    const file = path.join(dataDir, 'secrets', 'jwt.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(loadEnv({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
    expect(first.length).toBeGreaterThanOrEqual(32);
  });

  it('reads PORT, PUBLIC_URL and DEVICE_PORTS, and treats empty values as unset', () => {
    const env = loadEnv({
      JWT_SECRET: SECRET,
      PORT: '9090',
      PUBLIC_URL: 'https://fleet.imcindore.org/',
      DEVICE_PORTS: '5023, 6000',
      SMTP_URL: '',
    });
    expect(env.port).toBe(9090);
    expect(env.publicUrl).toBe('https://fleet.imcindore.org');
    expect(env.devicePorts).toEqual([5023, 6000]);
    expect(env.smtpUrl).toBeUndefined();
    expect(loadEnv({ JWT_SECRET: SECRET, PORT: '9090' }).publicUrl).toBe('http://localhost:9090');
  });

  it('reads REDIS_URL (redis:// or rediss://) for the bus between processes', () => {
    const base = { JWT_SECRET: SECRET };
    expect(loadEnv({ ...base, REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(loadEnv({ ...base, REDIS_URL: 'rediss://:secret@cache.internal:6380/2' }).redisUrl).toBe(
      'rediss://:secret@cache.internal:6380/2',
    );
    expect(loadEnv({ ...base, REDIS_URL: '' }).redisUrl).toBeUndefined();
    for (const bad of ['127.0.0.1:6379', 'http://cache:6379', 'redis://', 'redis:///0']) {
      expect(() => loadEnv({ ...base, REDIS_URL: bad })).toThrow(
        /REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/,
      );
    }
  });

  it('reads LIVE_DELTA_MS (default 500, 20 ms to 10 s)', () => {
    const base = { JWT_SECRET: SECRET };
    expect(loadEnv(base).liveDeltaMs).toBe(500);
    expect(loadEnv({ ...base, LIVE_DELTA_MS: '50' }).liveDeltaMs).toBe(50);
    expect(() => loadEnv({ ...base, LIVE_DELTA_MS: '5' })).toThrow(/LIVE_DELTA_MS/);
  });

  it('refuses the example file placeholder and low-entropy secrets with a clear message', () => {
    const example = readFileSync(path.join(REPO_ROOT, 'deploy/env/civicfleet.env.example'), 'utf8');
    const placeholder = /^JWT_SECRET=(.+)$/m.exec(example)?.[1];
    expect(placeholder).toBeDefined();
    expect(() => loadEnv({ JWT_SECRET: placeholder })).toThrow(/JWT_SECRET is a placeholder/);
    for (const weak of [
      'x'.repeat(40),
      'abababababababababababababababababab',
      '1234567890123456789012345678901234',
    ]) {
      expect(() => loadEnv({ JWT_SECRET: weak })).toThrow(/JWT_SECRET looks guessable/);
    }
    expect(loadEnv({ JWT_SECRET: randomBytes(32).toString('hex') }).jwtSecret).toHaveLength(64);
    expect(loadEnv({ JWT_SECRET: randomBytes(32).toString('base64url') }).jwtSecret).toHaveLength(43);
  });

  it('refuses a hand-placed weak key file instead of signing with it', () => {
    const dataDir = scratch();
    mkdirSync(path.join(dataDir, 'secrets'));
    writeFileSync(path.join(dataDir, 'secrets', 'jwt.key'), `${'a'.repeat(40)}\n`);
    expect(() => loadEnv({ DATA_DIR: dataDir })).toThrow(/jwt\.key: the key looks guessable/);
  });

  it('explains invalid values', () => {
    expect(() => loadEnv({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32 characters/);
    expect(() => loadEnv({ JWT_SECRET: SECRET, PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadEnv({ JWT_SECRET: SECRET, DEVICE_PORTS: '5023,99999' })).toThrow(/DEVICE_PORTS/);
    expect(() => loadEnv({ JWT_SECRET: SECRET, DATABASE_URL: 'mysql://x' })).toThrow(/postgres:\/\//);
  });

  it('reads the optional external geocoder', () => {
    const base = { JWT_SECRET: SECRET };
    expect(loadEnv(base).geocoder).toBeUndefined();
    expect(
      loadEnv({ ...base, GEOCODER_URL: 'https://geo.example/r?lat={lat}&lon={lon}', GEOCODER_KEY: 'k' })
        .geocoder,
    ).toEqual({ urlTemplate: 'https://geo.example/r?lat={lat}&lon={lon}', key: 'k', timeoutMs: 2000 });
    expect(() => loadEnv({ ...base, GEOCODER_URL: 'https://geo.example/r?q={lat}' })).toThrow(
      /GEOCODER_URL must contain \{lat\} and \{lon\}/,
    );
  });

  it('reads the ops listener (OPS_PORT, OPS_HOST default HOST) and METRICS_TOKEN', () => {
    const base = { JWT_SECRET: SECRET };
    expect(loadEnv(base).ops).toBeUndefined();
    expect(loadEnv(base).metricsToken).toBeUndefined();
    expect(loadEnv({ ...base, OPS_PORT: '9464', HOST: '127.0.0.1' }).ops).toEqual({
      port: 9464,
      host: '127.0.0.1',
    });
    expect(loadEnv({ ...base, OPS_PORT: '0', OPS_HOST: '10.0.0.5' }).ops).toEqual({
      port: 0,
      host: '10.0.0.5',
    });
    expect(loadEnv({ ...base, METRICS_TOKEN: 'tok-0123456789abcdef' }).metricsToken).toBe(
      'tok-0123456789abcdef',
    );
    expect(() => loadEnv({ ...base, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16/);
    expect(() => loadEnv({ ...base, OPS_PORT: 'x' })).toThrow(/OPS_PORT/);
  });
});

describe('loadBrand', () => {
  it('loads and validates brands/<brand>.json', () => {
    expect(loadBrand('civicfleet').name).toBe('CivicFleet');
    expect(() => loadBrand('no-such-brand')).toThrow(/Cannot read brand file/);
  });
});
