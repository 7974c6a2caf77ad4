/**
 * The worker's `forwarding` job (docs/forwarding.md "Delivery"): every 2 s, claim due targets one at a time
 * (queue-sql.ts claimTarget: FOR UPDATE SKIP LOCKED and a lease, so any number of workers share the work and never
 * send a row twice at once), send the head of the target's queue (`batch_size` rows) as one signed JSON POST (webhook)
 * or the raw packets over one TCP connection (emergency), then delete the rows, or count the attempt and pause the
 * target with exponential backoff and jitter (or the receiver's Retry-After). After `maxAttempts` a row is a dead
 * letter; a refusal that a retry cannot fix (4xx other than 408/429) makes the batch's rows dead letters at once.
 */
import type { Database } from '../../db/client.ts';
import { sqlClientOf, type SqlExecutor } from '../../gateway/ingest/sql-client.ts';
import type { Job } from '../../worker/runner.ts';
import { PUBLIC_ONLY, type AddressPolicy } from './address-guard.ts';
import { postJson, sendTcp, type AttemptResult } from './delivery.ts';
import { PAYLOAD_VERSION, vehicleIdOf, webhookHeaders, type WebhookEnvelope } from './payload.ts';
import {
  claimTarget,
  completeRows,
  failRows,
  headRows,
  prune,
  registrations,
  type ClaimedTarget,
  type QueuedRow,
} from './queue-sql.ts';

export interface RetryPolicy {
  /** Attempts before a row becomes a dead letter. */
  maxAttempts: number;
  /** Delay after the first failure; doubles per attempt. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Longest Retry-After honoured. */
  maxRetryAfterMs: number;
}

/** 30 s, 1, 2, 4, 8, 16, 30 min: the 8th attempt comes about an hour after the first. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 8,
  baseDelayMs: 30_000,
  maxDelayMs: 30 * 60_000,
  maxRetryAfterMs: 60 * 60_000,
};

/** Delay before the next attempt after `attempts` failed ones: base · 2^(attempts−1), capped, ±20 % jitter. */
export function backoffMs(attempts: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const raw = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(raw * (0.8 + 0.4 * random()));
}

export interface DeliveryOptions {
  clock?: () => number;
  policy?: RetryPolicy;
  random?: () => number;
  /** Stop claiming after this long (ms); the next run goes on. */
  budgetMs?: number;
  /** Which receiver addresses may be reached (default: public only). */
  addresses?: AddressPolicy;
}

export interface DeliverySummary {
  batches: number;
  delivered: number;
  failed: number;
}

/** The envelope of one POST: items in queue order with the vehicles' registrations. */
export async function envelopeOf(
  db: SqlExecutor,
  target: Pick<ClaimedTarget, 'id' | 'name'>,
  rows: readonly QueuedRow[],
  now: Date,
): Promise<WebhookEnvelope> {
  const vehicleIds = [...new Set(rows.map((r) => vehicleIdOf(r.payload)).filter((id) => id !== null))];
  const names = await registrations(db, vehicleIds);
  return {
    version: PAYLOAD_VERSION,
    target: { id: target.id, name: target.name },
    sentAt: now.toISOString(),
    items: rows.map((row) => {
      const vehicleId = vehicleIdOf(row.payload);
      return vehicleId === null
        ? { ...row.payload, id: row.id }
        : { ...row.payload, id: row.id, registrationNumber: names.get(vehicleId) ?? null };
    }),
  };
}

async function send(
  db: SqlExecutor,
  target: ClaimedTarget,
  rows: QueuedRow[],
  now: Date,
  addresses: AddressPolicy,
): Promise<AttemptResult> {
  if (target.kind === 'emergency') {
    const chunks = rows
      .map((row) => (row.payload.type === 'emergency' ? Buffer.from(row.payload.bytes, 'base64') : null))
      .filter((chunk) => chunk !== null);
    return sendTcp(target.host ?? '', target.port ?? 0, chunks, target.timeout_ms, addresses);
  }
  const body = JSON.stringify(await envelopeOf(db, target, rows, now));
  return postJson(
    target.url ?? '',
    body,
    webhookHeaders(target.secret, body, now.getTime()),
    target.timeout_ms,
    addresses,
  );
}

/** Delivers due batches until nothing is due or the budget is spent. */
export async function deliverForwarding(
  db: SqlExecutor,
  options: DeliveryOptions = {},
): Promise<DeliverySummary> {
  const clock = options.clock ?? Date.now;
  const policy = options.policy ?? DEFAULT_RETRY_POLICY;
  const started = clock();
  const summary: DeliverySummary = { batches: 0, delivered: 0, failed: 0 };
  while (clock() - started < (options.budgetMs ?? 20_000)) {
    const now = new Date(clock());
    // The lease outlasts the attempt's timeout; a worker that dies mid-delivery frees the target when it expires.
    const target = await claimTarget(db, now, new Date(now.getTime() + 60_000 + 60_000));
    if (!target) break;
    const rows = await headRows(db, target.id, target.batch_size);
    if (rows.length === 0) {
      await completeRows(db, target.id, [], now);
      continue;
    }
    const result = await send(db, target, rows, now, options.addresses ?? PUBLIC_ONLY);
    const after = new Date(clock());
    const ids = rows.map((r) => r.id);
    summary.batches++;
    if (result.ok) {
      await completeRows(db, target.id, ids, after);
      summary.delivered += ids.length;
      continue;
    }
    summary.failed += ids.length;
    const attempts = Math.max(...rows.map((r) => r.attempts)) + 1;
    const retryAfter =
      result.retryAfterMs === null ? null : Math.min(result.retryAfterMs, policy.maxRetryAfterMs);
    await failRows(db, {
      targetId: target.id,
      ids,
      error: result.detail,
      now: after,
      maxAttempts: policy.maxAttempts,
      final: !result.retryable,
      pausedUntil: result.retryable
        ? new Date(after.getTime() + (retryAfter ?? backoffMs(attempts, policy, options.random)))
        : null,
    });
  }
  return summary;
}

export function forwardingJob(
  database: Database,
  clock: () => Date,
  addresses: AddressPolicy = PUBLIC_ONLY,
): Job {
  const db = sqlClientOf(database);
  let lastPrune = 0;
  return {
    name: 'forwarding',
    intervalMs: 2_000,
    async run() {
      const now = clock().getTime();
      if (now - lastPrune > 3_600_000) {
        lastPrune = now;
        await prune(db, new Date(now), 30);
      }
      const summary = await deliverForwarding(db, { clock: () => clock().getTime(), addresses });
      if (summary.batches === 0) return;
      return `${summary.batches} batches: ${summary.delivered} delivered, ${summary.failed} failed`;
    },
  };
}
