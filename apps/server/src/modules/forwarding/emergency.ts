/**
 * AIS-140 emergency forwarding "as they arrive" (docs/forwarding.md "Emergency"): when an AIS-140 packet carrying an
 * emergency (`sos`, EMR) or its end (`sosOff`, SEM) is decoded for a device whose organisation (or an ancestor) has
 * an enabled `emergency` target, the frame's bytes go to that backend over TCP at once — before the batch commits and
 * without waiting for the worker.
 *
 * A failed try (refused, timed out, reset) is logged (organisation, IMEI, target, reason) and counted
 * (`civicfleet_forwarding_emergency_failures_total`), then tried again in this process a bounded number of times
 * (`retryDelaysMs`: 3 tries within ~20 s plus the tries' timeouts) — an ERSS backend restarting must not cost an
 * SOS the worker's 30 s+ backoff. All of it runs off the frame handler: ingest never waits. A success is recorded in
 * the target's stats; after the last try (or an address the SSRF guard refuses: not retried) the item becomes a
 * `forward_queue` row (attempts 1) that the worker retries like any other, up to the dead letters.
 */
import type { IngestContext } from '../../gateway/ingest/pipeline.ts';
import type { SqlExecutor } from '../../gateway/ingest/sql-client.ts';
import type { ForwardingMetrics } from '../../observability/metrics.ts';
import type { AddressPolicy } from './address-guard.ts';
import { sendTcp, type AttemptResult } from './delivery.ts';
import type { EmergencyPayload } from './payload.ts';
import { recordFailure, recordSuccess } from './queue-sql.ts';
import type { CachedTarget, ForwardTargetCache } from './target-cache.ts';

export interface EmergencyForwarder {
  /** Called by the gateway for every decoded message of a known device, with the bytes of its frame. */
  offer(ctx: IngestContext, frame: Uint8Array, db: SqlExecutor): void;
  /**
   * Settles everything started so far (shutdown, tests): tries waiting for their retry delay are not waited for but
   * handed to the worker's queue at once; resolves when every send and record is done.
   */
  idle(): Promise<void>;
}

export interface EmergencyLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Waits before the 2nd and 3rd tries: 3 tries within ~20 s (plus each try's timeout). */
export const EMERGENCY_RETRY_DELAYS_MS: readonly number[] = [5_000, 15_000];
/** Sends waiting for a retry at most; beyond, a failure goes to the worker's queue at once (memory stays bounded). */
const MAX_WAITING = 1_000;

const isEmergency = (ctx: IngestContext): boolean =>
  ctx.message.protocol === 'ais140' &&
  (ctx.message.alarms.includes('sos') || ctx.message.alarms.includes('sosOff'));

export function createEmergencyForwarder(deps: {
  cache: ForwardTargetCache;
  clock?: () => number;
  log?: EmergencyLog;
  metrics?: ForwardingMetrics;
  /** Replaces the TCP send (tests). */
  send?: (target: CachedTarget, bytes: Uint8Array) => Promise<AttemptResult>;
  /** Which backend addresses may be reached (default: public only). */
  addresses?: AddressPolicy;
  /** Delays before each retry (default EMERGENCY_RETRY_DELAYS_MS; `[]`: one try). */
  retryDelaysMs?: readonly number[];
}): EmergencyForwarder {
  const clock = deps.clock ?? Date.now;
  const retryDelaysMs = deps.retryDelaysMs ?? EMERGENCY_RETRY_DELAYS_MS;
  const send =
    deps.send ??
    ((target: CachedTarget, bytes: Uint8Array) =>
      sendTcp(target.host ?? '', target.port ?? 0, [bytes], target.timeoutMs, deps.addresses));
  const running = new Set<Promise<void>>();
  /** Wake-ups of the tries waiting for their retry delay (idle() calls them: no more waiting). */
  const waiting = new Set<() => void>();
  let settling = false;

  /** Resolves true after `ms`, or false at once when idle() wants everything settled. */
  function pause(ms: number): Promise<boolean> {
    if (settling || waiting.size >= MAX_WAITING) return Promise.resolve(false);
    return new Promise((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        waiting.delete(wake);
        resolve(false);
      };
      const timer = setTimeout(() => {
        waiting.delete(wake);
        resolve(true);
      }, ms);
      timer.unref();
      waiting.add(wake);
    });
  }

  async function forward(
    target: CachedTarget,
    organisationId: bigint,
    payload: EmergencyPayload,
    bytes: Uint8Array,
    db: SqlExecutor,
  ) {
    const where = {
      organisationId: String(organisationId),
      imei: payload.imei,
      targetId: String(target.id),
      target: `${target.host ?? ''}:${target.port ?? ''}`,
    };
    for (let attempt = 1; ; attempt++) {
      const result = await send(target, bytes);
      if (result.ok) {
        await recordSuccess(db, target.id, 1, new Date(clock()));
        return;
      }
      const delayMs = retryDelaysMs[attempt - 1];
      const retry = result.retryable && delayMs !== undefined && !settling;
      const outcome = !result.retryable ? 'refused' : retry ? 'retrying' : 'queued';
      deps.metrics?.emergencyFailed(outcome);
      const fields = { ...where, attempt, reason: result.detail, outcome };
      if (retry) deps.log?.warn(fields, 'emergency forwarding failed; trying again');
      else deps.log?.error(fields, 'emergency forwarding failed; left to the worker queue');
      if (!retry || !(await pause(delayMs))) {
        await recordFailure(db, {
          targetId: target.id,
          payload,
          error: result.detail,
          now: new Date(clock()),
        });
        return;
      }
    }
  }

  return {
    offer(ctx, frame, db) {
      if (!isEmergency(ctx)) return;
      const targets = deps.cache.get(ctx.organisationId).filter((t) => t.kind === 'emergency');
      if (targets.length === 0) return;
      const bytes = Uint8Array.from(frame);
      const payload: EmergencyPayload = {
        type: 'emergency',
        imei: ctx.state.device.imei,
        receivedAt: ctx.serverAt.toISOString(),
        bytes: Buffer.from(bytes).toString('base64'),
      };
      for (const target of targets) {
        const promise = forward(target, ctx.organisationId, payload, bytes, db)
          .catch((error: unknown) =>
            deps.log?.error(
              { err: error, targetId: String(target.id), imei: payload.imei },
              'emergency forwarding could not be recorded',
            ),
          )
          .finally(() => running.delete(promise));
        running.add(promise);
      }
    },
    async idle() {
      settling = true;
      try {
        while (running.size > 0) {
          for (const wake of [...waiting]) wake();
          await Promise.all([...running]);
        }
      } finally {
        settling = false;
      }
    },
  };
}
