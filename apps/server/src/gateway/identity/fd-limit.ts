/**
 * The gateway's connection cap must stay below the process's file-descriptor limit: every device socket is a
 * descriptor, and so are the HTTP sockets, the database pool, log files and Redis. Node cannot raise RLIMIT_NOFILE
 * itself (no setrlimit binding; native add-ons for it are unmaintained), so the deployment raises it (systemd
 * `LimitNOFILE=`, deploy/systemd; `ulimit -n` elsewhere) and the gateway reads the soft limit from /proc/self/limits
 * (Linux) and caps its connections at that minus RESERVED_DESCRIPTORS.
 */
import { readFileSync } from 'node:fs';

/** Descriptors kept for everything that is not a device socket (HTTP, database pool, Redis, files, the listeners). */
export const RESERVED_DESCRIPTORS = 1024;

/** The soft "Max open files" of /proc/self/limits text; null when unlimited or not found. */
export function parseOpenFilesSoftLimit(limitsText: string): number | null {
  const line = limitsText.split('\n').find((l) => l.startsWith('Max open files'));
  const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
  if (!soft || soft === 'unlimited' || !/^\d+$/.test(soft)) return null;
  return Number(soft);
}

/** This process's soft RLIMIT_NOFILE; null off Linux or when unlimited. */
export function openFilesSoftLimit(): number | null {
  try {
    return parseOpenFilesSoftLimit(readFileSync('/proc/self/limits', 'utf8'));
  } catch {
    return null;
  }
}

/**
 * The device connections the gateway may hold across its listeners: GATEWAY_MAX_CONNECTIONS, lowered to the soft
 * descriptor limit minus RESERVED_DESCRIPTORS (at least 1).
 */
export function connectionCap(configured: number, softLimit: number | null): number {
  if (softLimit === null) return configured;
  return Math.max(1, Math.min(configured, softLimit - RESERVED_DESCRIPTORS));
}
