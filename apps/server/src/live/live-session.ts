/**
 * One /v1/live connection: authenticate, snapshot, then batched deltas.
 *
 * - Auth: a first message `{ "type": "auth", "token": "…" }` within AUTH_TIMEOUT_MS (browsers cannot set headers on
 *   a WebSocket; an Authorization header works for other clients; live.routes.ts refuses `?token=`, ASVS 3.1.1).
 *   Failure sends `{ type: 'error' }` and closes with 4401. A later `auth` message swaps in a fresh token.
 * - Permissions (live-permissions.ts): each message goes out with only the topics the user's role grants (positions,
 *   alerts, desk steps); a role granting none gets `{ type: 'error' }` and a 4403 close instead of a snapshot.
 * - Re-checks: at once on every announced change to the session, its user, its role or the organisation tree
 *   (`onAuthChange`, the database's NOTIFY through http/auth-changes.ts, in every API process), and every RECHECK_MS
 *   (an expired token; a change missed while the LISTEN connection was down). Signed out, disabled, password changed
 *   or reset: closed 4401. Topics or organisations changed: closed 4403 when nothing is left, else 4409 (the client
 *   reconnects and gets the snapshot of its new scope).
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
import { LIVE_CLOSE } from '@civicfleet/shared';
import type { AlertDeskChange, LiveAlert, LiveDelta, LiveMessage, LivePosition } from '@civicfleet/shared';
import { TOPICS, type Bus } from '../bus/bus.ts';
import type { Db } from '../db/client.ts';
import type { Authenticator } from '../http/authenticate.ts';
import type { AuthContext, Clock } from '../http/types.ts';
import { DESK_TOPIC } from '../modules/alert-desk/alert-desk.bus.ts';
import { livePositionOf } from './live-mapping.ts';
import {
  liveScopeKey,
  liveTopicsOf,
  permittedMessage,
  type LiveServerMessage,
  type LiveTopic,
} from './live-permissions.ts';
import { listLatestInScope } from './live.repository.ts';
import type { LiveMetrics } from '../observability/metrics.ts';

export const AUTH_TIMEOUT_MS = 10_000;
export const DELTA_EVERY_MS = 500;
export const RECHECK_MS = 60_000;
export const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
export const CLOSE_UNAUTHORISED = LIVE_CLOSE.unauthorised;
export const CLOSE_TOO_SLOW = LIVE_CLOSE.tooSlow;
export const LIVE_SESSION_MESSAGES = {
  forbidden: 'Your role does not include the live feed.',
  sessionEnded: 'The session has ended; sign in again.',
  expired: 'The session has expired; reconnect with a fresh access token.',
} as const;

/** What the live module keeps of an open session: announced changes go to it (http/auth-changes.ts). */
export interface LiveSessionHandle {
  /** `f:<family>`, `u:<user id>`, `r:<role id>` or `*`: re-checks the session when the change may concern it. */
  onAuthChange(change: string): void;
  /** Resolves when the socket is done (closed by either side). */
  readonly closed: Promise<void>;
}

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

export function runLiveSession(
  socket: WebSocket,
  initialToken: string | null,
  deps: LiveSessionDeps,
): LiveSessionHandle {
  const authTimeoutMs = deps.timing?.authTimeoutMs ?? AUTH_TIMEOUT_MS;
  const deltaEveryMs = deps.timing?.deltaEveryMs ?? DELTA_EVERY_MS;
  const recheckMs = deps.timing?.recheckMs ?? RECHECK_MS;
  let token: string | null = initialToken;
  let auth: AuthContext | null = null;
  let visible: Set<string> | 'all' = new Set();
  let topics: ReadonlySet<LiveTopic> = new Set();
  let scopeKey = '';
  /** A re-check is running; another one was asked for meanwhile. */
  let isChecking = false;
  let isCheckDue = false;
  /** A change was announced while the first authentication ran: check again once it is done. */
  let isChangedDuringStart = false;
  let resolveClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });
  let unsubscribe: (() => void) | null = null;
  let unsubscribeDesk: (() => void) | null = null;
  let unsubscribeResume: (() => void) | null = null;
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

  /** Every message goes through the permission table (live-permissions.ts): what the role does not grant is left out. */
  const send = (message: LiveServerMessage) => {
    if (done) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) return finish(CLOSE_TOO_SLOW, 'Client too slow');
    const permitted = permittedMessage(message, topics);
    if (permitted) socket.send(JSON.stringify(permitted));
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
    resolveClosed();
    unsubscribe?.();
    unsubscribe = null;
    unsubscribeDesk?.();
    unsubscribeDesk = null;
    unsubscribeResume?.();
    unsubscribeResume = null;
    for (const t of timers) clearInterval(t);
    if (deltaTimer) clearTimeout(deltaTimer);
    deltaTimer = null;
  }

  const inScope = (organisationId: string) => visible === 'all' || visible.has(organisationId);

  function onDelta(delta: LiveDelta): void {
    if (topics.has('positions'))
      for (const p of delta.positions) if (inScope(p.organisationId)) positions.set(p.deviceId, p);
    if (topics.has('alerts')) for (const a of delta.alerts) if (inScope(a.organisationId)) alerts.push(a);
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
    topics = liveTopicsOf(context);
    scopeKey = liveScopeKey(context);
    if (topics.size === 0) return finish(LIVE_CLOSE.forbidden, 'Forbidden', LIVE_SESSION_MESSAGES.forbidden);
    if (isChangedDuringStart) void recheck('change');
    visible = context.orgIds === 'all' ? 'all' : new Set(context.orgIds.map(String));
    // Subscribe before reading the snapshot: a delta committed meanwhile is sent after it, never lost.
    if (topics.has('positions') || topics.has('alerts'))
      unsubscribe = deps.bus.subscribe<LiveDelta>(TOPICS.live, onDelta);
    if (topics.has('desk')) unsubscribeDesk = deps.bus.subscribe<AlertDeskChange>(DESK_TOPIC, onDesk);
    // The bus (Redis) came back after an outage: the deltas published meanwhile are lost, so a fresh snapshot.
    unsubscribeResume = deps.bus.onResume?.(() => void resync()) ?? null;
    const snapshot = await readSnapshot(context);
    if (done) return; // closed while the snapshot was read: schedule nothing (cleanup already ran)
    send({ type: 'snapshot', positions: snapshot });
    isStreaming = true;
    scheduleDeltas(); // what arrived while the snapshot was read goes right after it
    timers.push(setInterval(() => void recheck('timer'), recheckMs));
  }

  /** The latest fix of every device in scope (none without the positions topic). */
  async function readSnapshot(context: AuthContext): Promise<LivePosition[]> {
    const nowMs = deps.clock().getTime();
    const rows = topics.has('positions') ? await listLatestInScope(deps.db, context.orgIds) : [];
    const snapshot: LivePosition[] = [];
    for (const { latest } of rows) {
      const position = livePositionOf(latest, nowMs);
      if (position) snapshot.push(position);
    }
    return snapshot;
  }

  /** A fresh snapshot for a streaming client (after a bus outage); skipped when the database cannot answer now. */
  async function resync(): Promise<void> {
    if (done || !isStreaming || !auth || !topics.has('positions')) return;
    const snapshot = await readSnapshot(auth).catch(() => null);
    if (done || !snapshot) return;
    send({ type: 'snapshot', positions: snapshot });
  }

  /** Re-authenticates the token: a session gone closes 4401, a changed scope 4403 (nothing left) or 4409. */
  async function recheck(reason: 'timer' | 'change'): Promise<void> {
    if (!token || done) return;
    if (isChecking) {
      isCheckDue = true;
      return;
    }
    isChecking = true;
    try {
      const context = await check(token);
      if (done) return;
      if (!context) {
        const message =
          reason === 'timer' ? LIVE_SESSION_MESSAGES.expired : LIVE_SESSION_MESSAGES.sessionEnded;
        return finish(CLOSE_UNAUTHORISED, 'Session ended', message);
      }
      auth = context;
      if (liveScopeKey(context) === scopeKey) return;
      if (liveTopicsOf(context).size === 0)
        return finish(LIVE_CLOSE.forbidden, 'Forbidden', LIVE_SESSION_MESSAGES.forbidden);
      finish(LIVE_CLOSE.rescoped, 'Scope changed');
    } finally {
      isChecking = false;
      if (isCheckDue && !done) {
        isCheckDue = false;
        void recheck(reason);
      }
    }
  }

  function onAuthChange(change: string): void {
    if (done) return;
    if (!auth) {
      isChangedDuringStart = true;
      return;
    }
    const id = change.slice(2);
    const concerns =
      change === '*' ||
      (change.startsWith('f:') && id === auth.sessionFamilyId) ||
      (change.startsWith('u:') && id === String(auth.userId)) ||
      (change.startsWith('r:') && id === String(auth.roleId));
    if (concerns) void recheck('change');
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
  return { onAuthChange, closed };
}
