/**
 * /v1/live?share=<token>: the live feed of a live or collection share link, for anyone holding the link.
 *
 * - The token must name an active live/collection link; otherwise one `error` message (SHARE_MESSAGES.gone) and
 *   close with SHARE_SOCKET_CLOSE_GONE (4410). A playback link has no live feed (same close).
 * - `snapshot` of the shared vehicles' latest fixes, then `delta` batches at most every DELTA_EVERY_MS, newest fix
 *   per vehicle, only for the shared vehicles of the link's organisation, as PublicSharePosition (no device,
 *   organisation or IMEI). Alerts are not shared.
 * - Every RECHECK_MS (≤ 30 s) the link is re-read: expired or revoked → closed (4410); a group / route / ward link
 *   picks up its current members. A revocation published on the bus (SHARE_REVOKED_TOPIC) closes it at once.
 * - A client that does not read (more than MAX_BUFFERED_BYTES queued) is closed with 4008, as the signed-in feed.
 */
import type { WebSocket } from 'ws';
import {
  SHARE_MESSAGES,
  SHARE_SOCKET_CLOSE_GONE,
  type LiveDelta,
  type PublicSharePosition,
  type ShareLiveMessage,
} from '@civicfleet/shared';
import { TOPICS, type Bus } from '../../bus/bus.ts';
import type { Clock } from '../../http/types.ts';
import { livePositionOf } from '../../live/live-mapping.ts';
import { CLOSE_TOO_SLOW, DELTA_EVERY_MS, MAX_BUFFERED_BYTES } from '../../live/live-session.ts';
import { ShareGoneError, publicPositionOf, type ShareAccess } from './share-public.service.ts';
import type { ShareRow } from './share.repository.ts';
import { SHARE_REVOKED_TOPIC, type ShareRevokedMessage } from './share-topic.ts';

export const SHARE_RECHECK_MS = 30_000;
export const NO_LIVE_FEED = 'This link has no live feed.';

export interface ShareLiveDeps {
  bus: Bus;
  clock: Clock;
  access: ShareAccess;
  timing?: Partial<{ deltaEveryMs: number; recheckMs: number }>;
}

export function runShareLiveSession(socket: WebSocket, token: string, deps: ShareLiveDeps): void {
  const deltaEveryMs = deps.timing?.deltaEveryMs ?? DELTA_EVERY_MS;
  const recheckMs = Math.min(deps.timing?.recheckMs ?? SHARE_RECHECK_MS, SHARE_RECHECK_MS);
  let share: ShareRow | null = null;
  let organisationId = '';
  let vehicleIds = new Set<string>();
  const pending = new Map<string, PublicSharePosition>();
  const unsubscribes: Array<() => void> = [];
  let recheckTimer: NodeJS.Timeout | null = null;
  let deltaTimer: NodeJS.Timeout | null = null;
  let lastDeltaAtMs = Number.NEGATIVE_INFINITY;
  let isStreaming = false;
  let done = false;

  const send = (message: ShareLiveMessage) => {
    if (done) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) return finish(CLOSE_TOO_SLOW, 'Client too slow');
    socket.send(JSON.stringify(message));
  };

  function cleanup(): void {
    done = true;
    for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
    if (recheckTimer) clearInterval(recheckTimer);
    if (deltaTimer) clearTimeout(deltaTimer);
    recheckTimer = deltaTimer = null;
  }

  function finish(code: number, reason: string, message?: string): void {
    if (done) return;
    if (message) socket.send(JSON.stringify({ type: 'error', message } satisfies ShareLiveMessage));
    cleanup();
    socket.close(code, reason);
  }

  const gone = () => finish(SHARE_SOCKET_CLOSE_GONE, 'Link gone', SHARE_MESSAGES.gone);

  function onDelta(delta: LiveDelta): void {
    for (const p of delta.positions) {
      // The vehicle must be shared AND of the link's organisation (a device moved to another fleet is not followed).
      // Until the snapshot is read the members are unknown: keep the organisation's, filtered right after it.
      if (p.vehicleId === null || p.organisationId !== organisationId) continue;
      if (isStreaming && !vehicleIds.has(p.vehicleId)) continue;
      pending.set(p.vehicleId, publicPositionOf(p.vehicleId, p));
    }
    if (isStreaming) scheduleDelta();
  }

  function scheduleDelta(): void {
    if (done || deltaTimer || pending.size === 0) return;
    const waitMs = Math.max(0, lastDeltaAtMs + deltaEveryMs - performance.now());
    deltaTimer = setTimeout(flushDelta, waitMs);
  }

  function flushDelta(): void {
    deltaTimer = null;
    if (done || pending.size === 0) return;
    lastDeltaAtMs = performance.now();
    const positions = [...pending.values()];
    pending.clear();
    send({ type: 'delta', positions });
  }

  async function recheck(): Promise<void> {
    if (!share || done) return;
    if (!(await deps.access.isStillActive(share.id))) return gone();
    const rows = await deps.access.sharedVehicles(share);
    vehicleIds = new Set(rows.map((r) => String(r.id)));
  }

  async function start(): Promise<void> {
    try {
      share = await deps.access.resolve(token);
    } catch (error) {
      if (error instanceof ShareGoneError) return gone();
      throw error;
    }
    if (done) return;
    if (share.kind === 'playback') return finish(SHARE_SOCKET_CLOSE_GONE, 'No live feed', NO_LIVE_FEED);
    const shareId = String(share.id);
    organisationId = String(share.organisationId);
    // Subscribe before reading the snapshot: a delta committed meanwhile follows it, never lost.
    unsubscribes.push(
      deps.bus.subscribe<LiveDelta>(TOPICS.live, onDelta),
      deps.bus.subscribe<ShareRevokedMessage>(SHARE_REVOKED_TOPIC, (m) => {
        if (m.shareId === shareId) gone();
      }),
    );
    const rows = await deps.access.sharedVehicles(share);
    if (done) return;
    vehicleIds = new Set(rows.map((r) => String(r.id)));
    const nowMs = deps.clock().getTime();
    const snapshot: PublicSharePosition[] = [];
    for (const row of rows) {
      const live = row.latest ? livePositionOf(row.latest, nowMs) : null;
      if (live) snapshot.push(publicPositionOf(row.id, live));
    }
    // Deltas queued while the snapshot was read may carry vehicles that were not shared yet at subscription time.
    for (const id of pending.keys()) if (!vehicleIds.has(id)) pending.delete(id);
    send({ type: 'snapshot', positions: snapshot });
    isStreaming = true;
    scheduleDelta();
    recheckTimer = setInterval(() => {
      recheck().catch(() => finish(1011, 'Internal error'));
    }, recheckMs);
  }

  socket.on('close', cleanup);
  socket.on('error', cleanup);
  start().catch(() => finish(1011, 'Internal error'));
}
