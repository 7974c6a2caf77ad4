/**
 * One /v1/live connection: authenticate, snapshot, then batched deltas.
 *
 * - Auth: a first message `{ "type": "auth", "token": "…" }` within AUTH_TIMEOUT_MS (browsers cannot set headers on
 *   a WebSocket; an Authorization header works for other clients; live.routes.ts refuses `?token=`, ASVS 3.1.1).
 *   Failure sends `{ type: 'error' }` and closes with 4401. A later `auth` message swaps in a fresh token; the session
 *   is re-checked every RECHECK_MS and closed (4401) once its token has expired or the user was disabled.
 * - Then: `snapshot` (the latest fix of every device in the user's organisations), then `delta` messages at most
 *   every DELTA_EVERY_MS, filtered to those organisations and coalesced per device (newest wins). No fixed tick
 *   (leading edge): a commit arriving when the last delta is at least DELTA_EVERY_MS old goes out at once (in a
 *   microtask, so the publications of one task travel together, and before a busy event loop gets to its timers);
 *   one arriving sooner waits for the interval to end — or, when the event loop is so busy that the interval ended
 *   before its timer could fire, goes out with the next publication in a microtask. This only removes waiting
 *   (bench/live-latency.bench.ts); an idle session holds no timer.
 * - A client that does not read (more than MAX_BUFFERED_BYTES queued) is closed with 4008.
 * - `desk` messages: steps taken on the SOS desk (modules/alert-desk, DESK_TOPIC) in the user's organisations, sent
 *   as they happen, to users holding `sos-desk` only.
 */
import type { WebSocket } from 'ws';
import { hasPermission } from '@civicfleet/shared';
import type {
  AlertDeskChange,
  LiveAlert,
  LiveDelta,
  LiveDeskMessage,
  LiveMessage,
  LivePosition,
} from '@civicfleet/shared';
import { TOPICS, type Bus } from '../bus/bus.ts';
import type { Db } from '../db/client.ts';
import type { Authenticator } from '../http/authenticate.ts';
import type { AuthContext, Clock } from '../http/types.ts';
import { DESK_TOPIC } from '../modules/alert-desk/alert-desk.bus.ts';
import { livePositionOf } from './live-mapping.ts';
import { listLatestInScope } from './live.repository.ts';
import type { LiveMetrics } from '../observability/metrics.ts';

export const AUTH_TIMEOUT_MS = 10_000;
export const DELTA_EVERY_MS = 500;
export const RECHECK_MS = 60_000;
export const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
export const CLOSE_UNAUTHORISED = 4401;
export const CLOSE_TOO_SLOW = 4008;

export interface LiveSessionDeps {
  db: Db;
  bus: Bus;
  authenticator: Authenticator;
  clock: Clock;
  /** Override the timings (tests). */
  timing?: Partial<{ authTimeoutMs: number; deltaEveryMs: number; recheckMs: number }>;
  /** Counts the deltas sent (observability/metrics.ts). */
  metrics?: LiveMetrics | undefined;
}

export function runLiveSession(socket: WebSocket, initialToken: string | null, deps: LiveSessionDeps): void {
  const authTimeoutMs = deps.timing?.authTimeoutMs ?? AUTH_TIMEOUT_MS;
  const deltaEveryMs = deps.timing?.deltaEveryMs ?? DELTA_EVERY_MS;
  const recheckMs = deps.timing?.recheckMs ?? RECHECK_MS;
  let token: string | null = initialToken;
  let auth: AuthContext | null = null;
  let visible: Set<string> | 'all' = new Set();
  let unsubscribe: (() => void) | null = null;
  let unsubscribeDesk: (() => void) | null = null;
  const positions = new Map<string, LivePosition>();
  let alerts: LiveAlert[] = [];
  const timers: NodeJS.Timeout[] = [];
  /** performance.now() of the last delta sent; whether a send is scheduled (its timer when it waits). */
  let lastDeltaAtMs = Number.NEGATIVE_INFINITY;
  let isDeltaDue = false;
  let deltaTimer: NodeJS.Timeout | null = null;
  /** The snapshot has been sent: deltas may follow. */
  let isStreaming = false;
  let done = false;

  const send = (message: LiveMessage | LiveDeskMessage) => {
    if (done) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) return finish(CLOSE_TOO_SLOW, 'Client too slow');
    socket.send(JSON.stringify(message));
  };

  function finish(code: number, reason: string, message?: string): void {
    if (done) return;
    if (message) socket.send(JSON.stringify({ type: 'error', message } satisfies LiveMessage));
    done = true;
    cleanup();
    socket.close(code, reason);
  }

  function cleanup(): void {
    done = true;
    unsubscribe?.();
    unsubscribe = null;
    unsubscribeDesk?.();
    unsubscribeDesk = null;
    for (const t of timers) clearInterval(t);
    if (deltaTimer) clearTimeout(deltaTimer);
    deltaTimer = null;
  }

  const inScope = (organisationId: string) => visible === 'all' || visible.has(organisationId);

  function onDelta(delta: LiveDelta): void {
    for (const p of delta.positions) if (inScope(p.organisationId)) positions.set(p.deviceId, p);
    for (const a of delta.alerts) if (inScope(a.organisationId)) alerts.push(a);
    if (!done && isStreaming) scheduleDeltas();
  }

  /** SOS desk steps go out at once (they are rare); before the snapshot the client has not loaded the desk yet. */
  function onDesk(change: AlertDeskChange): void {
    if (!done && isStreaming && inScope(change.organisationId)) send({ type: 'desk', changes: [change] });
  }

  function scheduleDeltas(): void {
    if (positions.size === 0 && alerts.length === 0) return;
    if (isDeltaDue) {
      // A timer waits for the interval's end; if this turn has already run past it (a busy event loop: the gateway in
      // the same process), send in a microtask instead of after the turn.
      if (deltaTimer && performance.now() >= lastDeltaAtMs + deltaEveryMs) {
        clearTimeout(deltaTimer);
        deltaTimer = null;
        queueMicrotask(flushDeltas);
      }
      return;
    }
    isDeltaDue = true;
    const waitMs = lastDeltaAtMs + deltaEveryMs - performance.now();
    if (waitMs <= 0) queueMicrotask(flushDeltas);
    else deltaTimer = setTimeout(flushDeltas, waitMs);
  }

  function flushDeltas(): void {
    isDeltaDue = false;
    deltaTimer = null;
    if (done || (positions.size === 0 && alerts.length === 0)) return;
    lastDeltaAtMs = performance.now();
    const message: LiveMessage = { type: 'delta', positions: [...positions.values()], alerts };
    positions.clear();
    alerts = [];
    send(message);
    deps.metrics?.deltaSent();
  }

  async function check(candidate: string): Promise<AuthContext | null> {
    try {
      return await deps.authenticator.authenticate(candidate);
    } catch {
      return null;
    }
  }

  async function start(candidate: string): Promise<void> {
    const context = await check(candidate);
    if (done) return;
    if (!context) return finish(CLOSE_UNAUTHORISED, 'Unauthorised', 'Invalid or expired access token.');
    token = candidate;
    auth = context;
    visible = context.orgIds === 'all' ? 'all' : new Set(context.orgIds.map(String));
    // Subscribe before reading the snapshot: a delta committed meanwhile is sent after it, never lost.
    unsubscribe = deps.bus.subscribe<LiveDelta>(TOPICS.live, onDelta);
    if (hasPermission(context.roleName, context.permissions, 'sos-desk')) {
      unsubscribeDesk = deps.bus.subscribe<AlertDeskChange>(DESK_TOPIC, onDesk);
    }
    const nowMs = deps.clock().getTime();
    const rows = await listLatestInScope(deps.db, context.orgIds);
    if (done) return; // closed while the snapshot was read: schedule nothing (cleanup already ran)
    const snapshot: LivePosition[] = [];
    for (const { latest } of rows) {
      const position = livePositionOf(latest, nowMs);
      if (position) snapshot.push(position);
    }
    send({ type: 'snapshot', positions: snapshot });
    isStreaming = true;
    scheduleDeltas(); // what arrived while the snapshot was read goes right after it
    timers.push(setInterval(() => void recheck(), recheckMs));
  }

  async function recheck(): Promise<void> {
    if (!token || (await check(token))) return;
    finish(
      CLOSE_UNAUTHORISED,
      'Session expired',
      'The session has expired; reconnect with a fresh access token.',
    );
  }

  function onMessage(data: unknown): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(String(data));
    } catch {
      return;
    }
    if (typeof parsed !== 'object' || parsed === null) return;
    const { type, token: candidate } = parsed as { type?: unknown; token?: unknown };
    if (type !== 'auth' || typeof candidate !== 'string') return;
    if (!auth) {
      void start(candidate).catch(() => finish(1011, 'Internal error'));
      return;
    }
    // A refreshed token for the same user keeps the session alive past the old token's expiry.
    void check(candidate).then((context) => {
      if (context && auth && context.userId === auth.userId) token = candidate;
    });
  }

  socket.on('message', onMessage);
  socket.on('close', cleanup);
  socket.on('error', cleanup);
  if (initialToken) {
    void start(initialToken).catch(() => finish(1011, 'Internal error'));
  } else {
    const waiting = setTimeout(() => {
      if (!auth) finish(CLOSE_UNAUTHORISED, 'Unauthorised', 'Send {"type":"auth","token":…} first.');
    }, authTimeoutMs);
    timers.push(waiting);
  }
}
