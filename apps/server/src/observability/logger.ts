/**
 * The JSON logger of the gateway-only and worker-only processes: pino, the same line shape as Fastify's logger in
 * the API process (`level`, `time`, `pid`, `hostname`, `msg`, plus the fields logged), with a `role` field, at
 * LOG_LEVEL. It satisfies JobLogger (worker/runner.ts) and GatewayLog (gateway/connection.ts).
 */
import { hostname } from 'node:os';
import { pino, type Logger } from 'pino';

export type ProcessRole = 'api' | 'gateway' | 'worker' | 'all';

export interface ProcessLoggerOptions {
  role: ProcessRole;
  /** LOG_LEVEL (env.logLevel); default `info`. */
  level?: string;
  /** Where lines go (tests); default stdout. */
  destination?: NodeJS.WritableStream;
}

export function createProcessLogger(options: ProcessLoggerOptions): Logger {
  const settings = {
    level: options.level ?? 'info',
    base: { pid: process.pid, hostname: hostname(), role: options.role },
  };
  // pino's own `err` serializer turns Errors into { type, message, stack } like Fastify's.
  return options.destination ? pino(settings, options.destination) : pino(settings);
}
