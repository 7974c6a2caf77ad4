/**
 * The outbox's SQL (raw, on the gateway's and worker's SqlExecutor: PGlite or PostgreSQL alike). Claiming a target
 * takes `FOR UPDATE SKIP LOCKED` on its row and sets a lease: two workers never deliver the same target, hence the
 * same row, at once, and a target's rows go out head first, in id order. Times are passed in (the caller's clock).
 */
import type { SqlExecutor } from '../../gateway/ingest/sql-client.ts';
import type { QueuedPayload } from './payload.ts';

export interface ClaimedTarget {
  id: string;
  organisation_id: string;
  name: string;
  kind: 'webhook' | 'emergency';
  url: string | null;
  secret: string | null;
  host: string | null;
  port: number | null;
  batch_size: number;
  timeout_ms: number;
}

export interface QueuedRow {
  id: string;
  kind: QueuedPayload['type'];
  payload: QueuedPayload;
  attempts: number;
}

/** Takes the next due target (enabled, not leased, not paused, with pending rows) until `leaseUntil`; null: none. */
export async function claimTarget(
  db: SqlExecutor,
  now: Date,
  leaseUntil: Date,
): Promise<ClaimedTarget | null> {
  const [row] = await db.query<ClaimedTarget>(
    `update forward_targets set lease_until = $2
      where id = (
        select t.id from forward_targets t
         where t.enabled
           and (t.lease_until is null or t.lease_until <= $1)
           and (t.paused_until is null or t.paused_until <= $1)
           and exists (select 1 from forward_queue q where q.target_id = t.id and q.status = 'pending')
         order by t.lease_until nulls first, t.id
         limit 1
         for update skip locked)
      returning id::text as id, organisation_id::text as organisation_id, name, kind, url, secret, host, port,
                batch_size, timeout_ms`,
    [now.toISOString(), leaseUntil.toISOString()],
  );
  return row ?? null;
}

/** The head of a target's queue. */
export function headRows(db: SqlExecutor, targetId: string, limit: number): Promise<QueuedRow[]> {
  return db.query<QueuedRow>(
    `select id::text as id, kind, payload, attempts from forward_queue
      where target_id = $1 and status = 'pending' order by forward_queue.id limit $2`,
    [targetId, limit],
  );
}

/** Registration numbers of vehicles (payloads name the vehicle id). */
export async function registrations(
  db: SqlExecutor,
  vehicleIds: readonly string[],
): Promise<Map<string, string>> {
  if (vehicleIds.length === 0) return new Map();
  const found = await db.query<{ id: string; registration_number: string }>(
    `select id::text as id, registration_number from vehicles where id = any($1::bigint[])`,
    [vehicleIds],
  );
  return new Map(found.map((row) => [row.id, row.registration_number]));
}

const minuteOf = (now: Date) => new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString();

async function bumpStats(
  db: SqlExecutor,
  targetId: bigint | string,
  now: Date,
  delivered: number,
  failed: number,
) {
  await db.query(
    `insert into forward_delivery_stats (target_id, minute, delivered, failed) values ($1, $2, $3, $4)
     on conflict (target_id, minute) do update set delivered = forward_delivery_stats.delivered + excluded.delivered,
       failed = forward_delivery_stats.failed + excluded.failed`,
    [String(targetId), minuteOf(now), delivered, failed],
  );
}

/** `count` items reached the target: the target is healthy again. */
export async function recordSuccess(db: SqlExecutor, targetId: bigint | string, count: number, now: Date) {
  await db.query(
    `update forward_targets set failures = 0, paused_until = null, last_success_at = $2 where id = $1`,
    [String(targetId), now.toISOString()],
  );
  await bumpStats(db, targetId, now, count, 0);
}

/** A delivered batch: its rows leave the queue, the lease is released (`lease_until` = now: round robin order). */
export async function completeRows(db: SqlExecutor, targetId: string, ids: readonly string[], now: Date) {
  await db.query(`delete from forward_queue where id = any($1::bigint[])`, [ids]);
  await db.query(`update forward_targets set lease_until = $2 where id = $1`, [targetId, now.toISOString()]);
  await recordSuccess(db, targetId, ids.length, now);
}

/**
 * A failed batch: each row counts an attempt and becomes a dead letter at `maxAttempts` (at once when `final`: a
 * refusal a retry cannot fix). The target pauses until `pausedUntil` (null: not paused) and its lease is released.
 */
export async function failRows(
  db: SqlExecutor,
  args: {
    targetId: string;
    ids: readonly string[];
    error: string;
    now: Date;
    maxAttempts: number;
    final: boolean;
    pausedUntil: Date | null;
  },
) {
  const now = args.now.toISOString();
  await db.query(
    `update forward_queue set attempts = attempts + 1, last_error = $2,
            status = case when $3::boolean or attempts + 1 >= $4 then 'dead' else 'pending' end,
            dead_at = case when $3::boolean or attempts + 1 >= $4 then $5::timestamptz else null end
      where id = any($1::bigint[])`,
    [args.ids, args.error, args.final, args.maxAttempts, now],
  );
  await db.query(
    `update forward_targets set lease_until = $2, paused_until = $3, last_error = $4, last_error_at = $2,
            failures = case when $5::boolean then failures else failures + 1 end
      where id = $1`,
    [args.targetId, now, args.pausedUntil?.toISOString() ?? null, args.error, args.final],
  );
  await bumpStats(db, args.targetId, args.now, 0, args.ids.length);
}

/** An immediate send (emergency) failed: the item joins the queue with one attempt made, for the worker to retry. */
export async function recordFailure(
  db: SqlExecutor,
  args: { targetId: bigint; payload: QueuedPayload; error: string; now: Date },
) {
  await db.query(
    `insert into forward_queue (target_id, kind, payload, attempts, last_error) values ($1, $2, $3::jsonb, 1, $4)`,
    [String(args.targetId), args.payload.type, JSON.stringify(args.payload), args.error],
  );
  await db.query(
    `update forward_targets set last_error = $2, last_error_at = $3, failures = failures + 1 where id = $1`,
    [String(args.targetId), args.error, args.now.toISOString()],
  );
  await bumpStats(db, args.targetId, args.now, 0, 1);
}

/** Housekeeping: minute stats older than a day, dead letters older than `deadDays`. */
export async function prune(db: SqlExecutor, now: Date, deadDays: number): Promise<void> {
  await db.query(`delete from forward_delivery_stats where minute < $1`, [
    new Date(now.getTime() - 86_400_000).toISOString(),
  ]);
  await db.query(`delete from forward_queue where status = 'dead' and dead_at < $1`, [
    new Date(now.getTime() - deadDays * 86_400_000).toISOString(),
  ]);
}
