/**
 * AIS-140 emergency forwarding "as they arrive" (docs/forwarding.md "Emergency"): when an AIS-140 packet carrying an
 * emergency (`sos`, EMR) or its end (`sosOff`, SEM) is decoded for a device whose organisation (or an ancestor) has
 * an enabled `emergency` target, the frame's bytes go to that backend over TCP at once — before the batch commits and
 * without waiting for the worker. Every attempt is recorded: a success in the target's stats, a failure as a
 * `forward_queue` row (attempts 1) that the worker retries like any other, up to the dead letters.
 */
import type { IngestContext } from '../../gateway/ingest/pipeline.ts';
import type { SqlExecutor } from '../../gateway/ingest/sql-client.ts';
import type { AddressPolicy } from './address-guard.ts';
import { sendTcp, type AttemptResult } from './delivery.ts';
import type { EmergencyPayload } from './payload.ts';
import { recordFailure, recordSuccess } from './queue-sql.ts';
import type { CachedTarget, ForwardTargetCache } from './target-cache.ts';

export interface EmergencyForwarder {
  /** Called by the gateway for every decoded message of a known device, with the bytes of its frame. */
  offer(ctx: IngestContext, frame: Uint8Array, db: SqlExecutor): void;
  /** Resolves when every send and record started so far is done (shutdown, tests). */
  idle(): Promise<void>;
}

export interface EmergencyLog {
  error(obj: object, msg: string): void;
}

const isEmergency = (ctx: IngestContext): boolean =>
  ctx.message.protocol === 'ais140' &&
  (ctx.message.alarms.includes('sos') || ctx.message.alarms.includes('sosOff'));

export function createEmergencyForwarder(deps: {
  cache: ForwardTargetCache;
  clock?: () => number;
  log?: EmergencyLog;
  /** Replaces the TCP send (tests). */
  send?: (target: CachedTarget, bytes: Uint8Array) => Promise<AttemptResult>;
  /** Which backend addresses may be reached (default: public only). */
  addresses?: AddressPolicy;
}): EmergencyForwarder {
  const clock = deps.clock ?? Date.now;
  const send =
    deps.send ??
    ((target: CachedTarget, bytes: Uint8Array) =>
      sendTcp(target.host ?? '', target.port ?? 0, [bytes], target.timeoutMs, deps.addresses));
  const running = new Set<Promise<void>>();

  async function forward(
    target: CachedTarget,
    payload: EmergencyPayload,
    bytes: Uint8Array,
    db: SqlExecutor,
  ) {
    const result = await send(target, bytes);
    const now = new Date(clock());
    if (result.ok) await recordSuccess(db, target.id, 1, now);
    else
      await recordFailure(db, {
        targetId: target.id,
        payload,
        error: result.detail,
        now,
      });
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
        const promise = forward(target, payload, bytes, db)
          .catch((error: unknown) =>
            deps.log?.error({ err: error, targetId: String(target.id) }, 'emergency forwarding failed'),
          )
          .finally(() => running.delete(promise));
        running.add(promise);
      }
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
