/**
 * The only reader of process.env. Values are validated with zod once at start-up; everything else receives an `Env`.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from './paths.ts';

const onOff = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((v) => v === 'on' || v === 'true' || v === '1');

/**
 * Placeholders that ship in examples and documentation. Anyone who has read them can sign access tokens for any user
 * (a super-admin's included), so the server refuses to start with one rather than run forgeable.
 */
const PLACEHOLDER_MARKERS = [
  'change-me',
  'changeme',
  'change_me',
  'replace-me',
  'example',
  'placeholder',
  'your-secret',
];

/** Estimated bits of a string from its own character frequencies (Shannon entropy × length). */
function estimatedBits(value: string): number {
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let perChar = 0;
  for (const count of counts.values()) {
    const p = count / value.length;
    perChar -= p * Math.log2(p);
  }
  return perChar * value.length;
}

/** Estimated, not true, bits: 32 random hex digits (128 true bits) estimate at ≈ 115; `openssl rand -base64 48` ≈ 280. */
const MIN_SECRET_BITS = 110;

/** Why `secret` must not sign tokens, or null when it may. Exported for the start-up message test. */
export function weakSecretProblem(secret: string): string | null {
  const lower = secret.toLowerCase();
  if (PLACEHOLDER_MARKERS.some((marker) => lower.includes(marker))) {
    return 'JWT_SECRET is a placeholder from an example file: generate one with `openssl rand -base64 48`';
  }
  if (new Set(secret).size < 12 || estimatedBits(secret) < MIN_SECRET_BITS) {
    return 'JWT_SECRET looks guessable (too few distinct characters): generate one with `openssl rand -base64 48`';
  }
  return null;
}

const RawEnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  /** The bus between processes (Redis pub/sub); unset: the in-process bus. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/[^/]/, 'REDIS_URL must be a redis:// or rediss:// URL')
    .optional(),
  DEMO: onOff.optional(),
  /** `npm start` drives the registered demo fleet with the in-process simulator; default: on when DEMO is on. */
  SIMULATOR: onOff.optional(),
  JWT_SECRET: z
    .string()
    .min(32, 'JWT_SECRET must be at least 32 characters')
    .superRefine((value, ctx) => {
      const problem = weakSecretProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
  /** Engine stop is refused while the vehicle's last fix is faster than this (modules/command, immobiliser rules). */
  IMMOBILISER_MAX_SPEED_KPH: z.coerce.number().min(0).max(200).default(20),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('CivicFleet <no-reply@civicfleet.local>'),
  BRAND: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'BRAND must be a brand file name')
    .default('civicfleet'),
  WEB_DIST: z.string().min(1).optional(),
  TRUST_PROXY: onOff.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.url('PUBLIC_URL must be a URL').optional(),
  /** Device ports the port checker allows on loopback; default: the three gateway ports below. */
  DEVICE_PORTS: z
    .string()
    .transform((s) => s.split(',').map((p) => Number(p.trim())))
    .pipe(z.array(z.number().int().min(1).max(65535)))
    .optional(),
  /** Gateway TCP ports per protocol (0 = an ephemeral port, for tests). */
  AIS140_PORT: z.coerce.number().int().min(0).max(65535).default(5010),
  GT06_PORT: z.coerce.number().int().min(0).max(65535).default(5023),
  TELTONIKA_PORT: z.coerce.number().int().min(0).max(65535).default(5027),
  /** Run the TCP gateway inside `npm start` (main.ts). `npm run start:gateway` always runs it. */
  GATEWAY: onOff.default(true),
  GATEWAY_HOST: z.string().min(1).optional(),
  /** A device connection silent for this long is closed (devices reconnect). */
  GATEWAY_IDLE_TIMEOUT_S: z.coerce.number().int().min(1).default(600),
  /**
   * Device connections across all listeners; lowered at start to the soft descriptor limit minus 1024
   * (gateway/identity/fd-limit.ts). Raise the limit with systemd LimitNOFILE (deploy/systemd).
   */
  GATEWAY_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(100_000),
  /** Open device connections per source address (CGNAT/APN gateways put many devices behind one). */
  GATEWAY_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).default(200),
  /** A connection that has not identified as a registered device this long after opening is closed. */
  GATEWAY_LOGIN_TIMEOUT_S: z.coerce.number().int().min(1).default(60),
  /** Takeover guard: a takeover from another address within this long of the last frame is an identity conflict. */
  GATEWAY_TAKEOVER_GUARD_S: z.coerce.number().int().min(1).default(300),
  /** Frames of no registered device stored per source address and IMEI (and per connection before it closes). */
  GATEWAY_UNKNOWN_FRAMES: z.coerce.number().int().min(1).max(1000).default(10),
  /** Ingest batches commit at most this long after their first row … */
  INGEST_FLUSH_MS: z.coerce.number().int().min(1).max(60_000).default(1000),
  /** … or as soon as they hold this many rows. */
  INGEST_BATCH_ROWS: z.coerce.number().int().min(1).max(100_000).default(2000),
  /** Live WebSocket deltas go to a client at most this often (coalesced per device in between). */
  LIVE_DELTA_MS: z.coerce.number().int().min(20).max(10_000).default(500),
  /** Live positions go out once staged (`early`, before their batch commits) or only once `committed`. */
  LIVE_POSITIONS: z.enum(['early', 'committed']).default('early'),
  /** External reverse geocoder (modules/geocode): URL template with {lat} {lon} and optionally {key}. */
  GEOCODER_URL: z
    .string()
    .regex(/^https?:\/\/[^/]/, 'GEOCODER_URL must be an http:// or https:// URL')
    .refine((v) => v.includes('{lat}') && v.includes('{lon}'), 'GEOCODER_URL must contain {lat} and {lon}')
    .optional(),
  GEOCODER_KEY: z.string().optional(),
  /** Forwarding targets may be loopback/private/reserved addresses (receivers inside the operator's network). */
  FORWARD_ALLOW_PRIVATE_ADDRESSES: onOff.default(false),
  /** SUPER_ADMIN and ADMIN users must enrol in TOTP two-step verification before using the console (ASVS 4.3.1). */
  MFA_REQUIRED_FOR_ADMINS: onOff.default(false),
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(2000),
  /** PostgreSQL pool (db/client.ts openPostgres): connections, bounded wait for one, statement timeout (0 = none). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(2).max(1000).default(10),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
  /** Ops listener (/healthz, /readyz, /metrics) of the gateway-only and worker-only processes; unset: none. */
  OPS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  OPS_HOST: z.string().min(1).optional(),
  /** /metrics requires `Authorization: Bearer <METRICS_TOKEN>`; unset: loopback clients only. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
});

export interface Env {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL when set; otherwise the embedded PGlite database in `<dataDir>/pglite`. */
  databaseUrl: string | undefined;
  /** DATABASE_POOL_MAX, DATABASE_CONNECT_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS (PostgreSQL only). Optional for hand-made Envs. */
  pool?: { max: number; connectTimeoutMs: number; statementTimeoutMs: number };
  /**
   * Redis for the bus between processes (api, gateway, worker split); unset: the in-process bus, which only reaches
   * the roles inside one process. Optional so hand-made Envs (tests) may leave it out.
   */
  redisUrl?: string | undefined;
  /** Seed the demo organisations and accounts into an empty database. */
  demo: boolean;
  /** Simulate the demo fleet's trackers against the gateway in `npm start` (when the fleet is registered). */
  simulator: boolean;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  brand: string;
  webDist: string;
  logLevel: string;
  /** LIVE_DELTA_MS: the live feed's delta interval (default 500). */
  liveDeltaMs: number;
  /** Behind a reverse proxy: take the client IP from X-Forwarded-For (never enable when exposed directly). */
  trustProxy: boolean;
  /** Base of links in e-mails (no trailing slash). */
  publicUrl: string;
  /** Device TCP ports the platform listens on (checked by the port checker). */
  devicePorts: number[];
  gateway: GatewayEnv;
  /** Forwarding may reach loopback/private/reserved addresses (SSRF guard off); default false. Optional for hand-made Envs. */
  forwardAllowPrivateAddresses?: boolean;
  /** MFA_REQUIRED_FOR_ADMINS: administrators must enrol in MFA first (http/authenticate.ts). Optional for hand-made Envs. */
  mfaRequiredForAdmins?: boolean;
  /** The external reverse geocoder; unset: own data only (POIs, geofences, wards). Optional for hand-made Envs. */
  geocoder?: GeocoderEnv | undefined;
  /** OPS_PORT/OPS_HOST (observability/ops-server.ts); unset: no ops listener. Optional for hand-made Envs. */
  ops?: { port: number; host: string } | undefined;
  /** METRICS_TOKEN: bearer token for /metrics; unset: loopback clients only (observability/metrics-access.ts). */
  metricsToken?: string | undefined;
  /** IMMOBILISER_MAX_SPEED_KPH (default 20): engine stop refused above it. Optional for hand-made Envs. */
  immobiliserMaxSpeedKph?: number;
}

export interface GeocoderEnv {
  /** GEOCODER_URL: `{lat}`, `{lon}` and `{key}` are replaced per request. */
  urlTemplate: string;
  key: string | undefined;
  timeoutMs: number;
}

export interface GatewayEnv {
  /** Start the gateway in the all-in-one process. */
  enabled: boolean;
  /** Listen address of the device ports (default: HOST). */
  host: string;
  ports: { ais140: number; gt06: number; teltonika: number };
  idleTimeoutS: number;
  maxConnections: number;
  /**
   * GATEWAY_MAX_CONNECTIONS_PER_ADDRESS, GATEWAY_LOGIN_TIMEOUT_S, GATEWAY_TAKEOVER_GUARD_S, GATEWAY_UNKNOWN_FRAMES.
   * Optional for hand-made Envs (gateway.ts GATEWAY_IDENTITY_DEFAULTS).
   */
  maxConnectionsPerAddress?: number;
  loginTimeoutS?: number;
  takeoverGuardS?: number;
  unknownFrames?: number;
  flushMs: number;
  batchRows: number;
  /** LIVE_POSITIONS (ingest/writer.ts `livePositions`). */
  livePositions: 'early' | 'committed';
}

type Source = Record<string, string | undefined>;

export function loadEnv(source: Source = process.env): Env {
  // Empty strings count as unset so that `FOO= npm start` behaves like no FOO.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = RawEnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const raw = parsed.data;
  const dataDir = path.resolve(REPO_ROOT, raw.DATA_DIR ?? 'data');
  const demo = raw.DEMO ?? raw.DATABASE_URL === undefined;
  return {
    port: raw.PORT,
    host: raw.HOST,
    dataDir,
    databaseUrl: raw.DATABASE_URL,
    redisUrl: raw.REDIS_URL,
    pool: {
      max: raw.DATABASE_POOL_MAX,
      connectTimeoutMs: raw.DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: raw.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    demo,
    simulator: raw.SIMULATOR ?? demo,
    jwtSecret: raw.JWT_SECRET ?? readOrCreateSecret(path.join(dataDir, 'secrets', 'jwt.key')),
    smtpUrl: raw.SMTP_URL,
    mailFrom: raw.MAIL_FROM,
    brand: raw.BRAND,
    webDist: path.resolve(REPO_ROOT, raw.WEB_DIST ?? 'apps/web/dist'),
    logLevel: raw.LOG_LEVEL,
    liveDeltaMs: raw.LIVE_DELTA_MS,
    trustProxy: raw.TRUST_PROXY,
    publicUrl: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ''),
    devicePorts:
      raw.DEVICE_PORTS ?? [raw.AIS140_PORT, raw.GT06_PORT, raw.TELTONIKA_PORT].filter((p) => p > 0),
    gateway: {
      enabled: raw.GATEWAY,
      host: raw.GATEWAY_HOST ?? raw.HOST,
      ports: { ais140: raw.AIS140_PORT, gt06: raw.GT06_PORT, teltonika: raw.TELTONIKA_PORT },
      idleTimeoutS: raw.GATEWAY_IDLE_TIMEOUT_S,
      maxConnections: raw.GATEWAY_MAX_CONNECTIONS,
      maxConnectionsPerAddress: raw.GATEWAY_MAX_CONNECTIONS_PER_ADDRESS,
      loginTimeoutS: raw.GATEWAY_LOGIN_TIMEOUT_S,
      takeoverGuardS: raw.GATEWAY_TAKEOVER_GUARD_S,
      unknownFrames: raw.GATEWAY_UNKNOWN_FRAMES,
      flushMs: raw.INGEST_FLUSH_MS,
      livePositions: raw.LIVE_POSITIONS,
      batchRows: raw.INGEST_BATCH_ROWS,
    },
    forwardAllowPrivateAddresses: raw.FORWARD_ALLOW_PRIVATE_ADDRESSES,
    mfaRequiredForAdmins: raw.MFA_REQUIRED_FOR_ADMINS,
    geocoder: raw.GEOCODER_URL
      ? { urlTemplate: raw.GEOCODER_URL, key: raw.GEOCODER_KEY, timeoutMs: raw.GEOCODER_TIMEOUT_MS }
      : undefined,
    ops: raw.OPS_PORT === undefined ? undefined : { port: raw.OPS_PORT, host: raw.OPS_HOST ?? raw.HOST },
    metricsToken: raw.METRICS_TOKEN,
    immobiliserMaxSpeedKph: raw.IMMOBILISER_MAX_SPEED_KPH,
  };
}

/** A secret generated once and kept (mode 0600) so that sessions survive restarts. */
export function readOrCreateSecret(file: string): string {
  if (existsSync(file)) {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) {
      // A hand-placed key gets the same scrutiny as JWT_SECRET; replacing it silently would end every session.
      const problem = weakSecretProblem(existing);
      if (problem) throw new Error(`${file}: ${problem.replace('JWT_SECRET', 'the key')}`);
      return existing;
    }
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
