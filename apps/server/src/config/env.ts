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

const RawEnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  DEMO: onOff.optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
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
  DEVICE_PORTS: z
    .string()
    .default('5023,5027,5055')
    .transform((s) => s.split(',').map((p) => Number(p.trim())))
    .pipe(z.array(z.number().int().min(1).max(65535))),
});

export interface Env {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL when set; otherwise the embedded PGlite database in `<dataDir>/pglite`. */
  databaseUrl: string | undefined;
  /** Seed the demo organisations and accounts into an empty database. */
  demo: boolean;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  brand: string;
  webDist: string;
  logLevel: string;
  /** Behind a reverse proxy: take the client IP from X-Forwarded-For (never enable when exposed directly). */
  trustProxy: boolean;
  /** Base of links in e-mails (no trailing slash). */
  publicUrl: string;
  /** Device TCP ports the platform listens on (checked by the port checker). */
  devicePorts: number[];
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
  return {
    port: raw.PORT,
    host: raw.HOST,
    dataDir,
    databaseUrl: raw.DATABASE_URL,
    demo: raw.DEMO ?? raw.DATABASE_URL === undefined,
    jwtSecret: raw.JWT_SECRET ?? readOrCreateSecret(path.join(dataDir, 'secrets', 'jwt.key')),
    smtpUrl: raw.SMTP_URL,
    mailFrom: raw.MAIL_FROM,
    brand: raw.BRAND,
    webDist: path.resolve(REPO_ROOT, raw.WEB_DIST ?? 'apps/web/dist'),
    logLevel: raw.LOG_LEVEL,
    trustProxy: raw.TRUST_PROXY,
    publicUrl: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ''),
    devicePorts: raw.DEVICE_PORTS,
  };
}

/** A secret generated once and kept (mode 0600) so that sessions survive restarts. */
export function readOrCreateSecret(file: string): string {
  if (existsSync(file)) {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
