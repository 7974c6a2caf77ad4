/**
 * The gateway's view of forwarding targets: per organisation, the enabled targets of it and of its ancestors (a
 * target covers its organisation's subtree). Loaded with the device (the ingest stage's `load`), then read
 * synchronously on the hot path; an organisation without targets costs one Map lookup per message and writes
 * nothing. Kept fresh like the derive context (gateway/ingest/derive-context-db.ts): a TTL, and FORWARDING_TOPIC on
 * the bus when the API changes a target (stale entries keep being served while one reload runs).
 */
import type { Bus } from '../../bus/bus.ts';
import type { SqlExecutor } from '../../gateway/ingest/sql-client.ts';

/** Bus topic: `{ organisationId }` of a target that changed (the API publishes it). */
export const FORWARDING_TOPIC = 'forward-targets';
const TTL_MS = 60_000;
const MAX_ANCESTORS = 16;

export interface CachedTarget {
  id: bigint;
  organisationId: bigint;
  kind: 'webhook' | 'emergency';
  sendPositions: boolean;
  sendAlerts: boolean;
  /** null: every alert type. */
  eventTypes: ReadonlySet<string> | null;
  host: string | null;
  port: number | null;
  timeoutMs: number;
}

export interface ForwardTargetCache {
  /** The targets for an organisation's data (empty until loaded). */
  get(organisationId: bigint): readonly CachedTarget[];
  load(db: SqlExecutor, organisationId: bigint): Promise<void>;
  invalidate(organisationId?: bigint): void;
}

interface Entry {
  targets: readonly CachedTarget[];
  chain: readonly string[];
  freshUntil: number;
}

interface TargetRow {
  id: string;
  organisation_id: string;
  kind: 'webhook' | 'emergency';
  send_positions: boolean;
  send_alerts: boolean;
  event_types: unknown;
  host: string | null;
  port: number | null;
  timeout_ms: number;
}

/** The enabled targets covering `organisationId` (its own and its ancestors'), and that chain of organisation ids. */
export async function readForwardTargets(
  db: SqlExecutor,
  organisationId: bigint,
): Promise<{ targets: readonly CachedTarget[]; chain: readonly string[] }> {
  const chain = await db.query<{ id: string }>(
    `with recursive chain (id, parent_id, depth) as (
       select id, parent_id, 0 from organisations where id = $1
       union all
       select o.id, o.parent_id, chain.depth + 1 from organisations o join chain on o.id = chain.parent_id
        where chain.depth < ${MAX_ANCESTORS}
     ) select id::text as id from chain`,
    [String(organisationId)],
  );
  const ids = chain.map((row) => row.id);
  const rows =
    ids.length === 0
      ? []
      : await db.query<TargetRow>(
          `select id::text as id, organisation_id::text as organisation_id, kind, send_positions, send_alerts,
                  event_types, host, port, timeout_ms
             from forward_targets where enabled and organisation_id = any($1::bigint[]) order by forward_targets.id`,
          [ids],
        );
  const targets = rows.map((row): CachedTarget => {
    const types = Array.isArray(row.event_types) ? row.event_types.map(String) : [];
    return {
      id: BigInt(row.id),
      organisationId: BigInt(row.organisation_id),
      kind: row.kind,
      sendPositions: row.send_positions,
      sendAlerts: row.send_alerts,
      eventTypes: types.length > 0 ? new Set(types) : null,
      host: row.host,
      port: row.port,
      timeoutMs: row.timeout_ms,
    };
  });
  return { targets, chain: ids };
}

const NONE: readonly CachedTarget[] = Object.freeze([]);

export function createForwardTargetCache(
  options: { ttlMs?: number; clock?: () => number } = {},
): ForwardTargetCache {
  const ttlMs = options.ttlMs ?? TTL_MS;
  const clock = options.clock ?? Date.now;
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Promise<void>>();
  let lastDb: SqlExecutor | undefined;

  function load(db: SqlExecutor, organisationId: bigint): Promise<void> {
    lastDb = db;
    const key = String(organisationId);
    const entry = entries.get(key);
    if (entry && entry.freshUntil > clock()) return Promise.resolve();
    const running = loading.get(key);
    if (running) return running;
    const promise = readForwardTargets(db, organisationId)
      .then((loaded) => void entries.set(key, { ...loaded, freshUntil: clock() + ttlMs }))
      .finally(() => loading.delete(key));
    loading.set(key, promise);
    return promise;
  }

  function refresh(organisationId: bigint): void {
    if (!lastDb) return;
    load(lastDb, organisationId).catch(() => {
      // Keep serving what we had; try again after a pause rather than on every message.
      const entry = entries.get(String(organisationId));
      if (entry) entry.freshUntil = clock() + Math.min(ttlMs, 10_000);
    });
  }

  return {
    get(organisationId) {
      const entry = entries.get(String(organisationId));
      if (!entry) return NONE;
      if (entry.freshUntil <= clock() && !loading.has(String(organisationId))) refresh(organisationId);
      return entry.targets;
    },
    load,
    invalidate(organisationId) {
      const key = organisationId === undefined ? undefined : String(organisationId);
      for (const [entryKey, entry] of entries) {
        if (key !== undefined && !entry.chain.includes(key)) continue;
        entry.freshUntil = 0;
        refresh(BigInt(entryKey));
      }
    },
  };
}

/** API side: a target of `organisationId` was created, changed or deleted. */
export function publishForwardTargetsChange(bus: Bus, organisationId: bigint): void {
  bus.publish(FORWARDING_TOPIC, { organisationId: String(organisationId) });
}

/** Gateway side: keeps `cache` fresh from the bus. Returns the unsubscribe function. */
export function subscribeForwardTargets(bus: Bus, cache: ForwardTargetCache): () => void {
  return bus.subscribe<{ organisationId?: unknown } | null>(FORWARDING_TOPIC, (message) => {
    const id = message?.organisationId;
    cache.invalidate(typeof id === 'string' && /^\d{1,19}$/.test(id) ? BigInt(id) : undefined);
  });
}
