/**
 * One /v1/live connection per tab (per share link), kept outside React: components read it with
 * useSyncExternalStore (use-live-fleet.ts), so several consumers share the socket and re-render only on change.
 *
 * Life cycle: the first subscriber opens the socket; the last one leaving closes it after `idleCloseMs` (a page change
 * between live screens keeps it). Signed in, the access token goes in a first `{type:'auth'}` message (not the URL,
 * which ends up in logs) and again whenever the tokens are refreshed, so the server's periodic re-check passes. A
 * share link connects with `?share=<token>` and no auth (its positions lack device fields; normalised here). On `snapshot` the vehicle map is replaced, then the vehicle
 * directory (GET /vehicle/statuses: registration numbers, never-connected vehicles) is merged in; `delta`s are applied
 * as they come. A dropped socket reconnects with exponential back-off (1 s … 30 s, jittered); a 4401 close refreshes
 * the tokens once and reconnects, or ends with `closed` and an error when that fails (or when a share link was
 * refused). A 4403 close (the user's role grants no part of the feed) ends with `closed`, an error and nothing shown,
 * never retried; a 4409 close (role, permissions or organisation changed while connected) drops what was shown and
 * reconnects at once for the snapshot of the new scope. Statuses age to offline on the client too
 * (live-fleet-state.ts).
 */
import { LIVE_CLOSE } from '@civicfleet/shared';
import type {
  AlertDeskChange,
  LiveAlert,
  LiveDeskMessage,
  LiveMessage,
  LivePosition,
} from '@civicfleet/shared';
import {
  addAlerts,
  ageVehicle,
  applyDirectoryRow,
  applyPosition,
  vehicleKeyOf,
  type DirectoryRow,
  type LiveVehicle,
} from './live-fleet-state';

export type LiveConnection = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface LiveFleetSnapshot {
  vehicles: ReadonlyMap<string, LiveVehicle>;
  /** Bumped on every change (cheap dependency for memos over `vehicles`). */
  version: number;
  /** Newest first. */
  alerts: readonly LiveAlert[];
  /** Steps taken on the SOS desk by anyone in the user's organisations (`desk` messages), newest first. */
  deskChanges: readonly AlertDeskChange[];
  connection: LiveConnection;
  error?: string;
}

/** The part of a browser WebSocket the store uses (tests pass a fake). */
export interface LiveSocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: (() => void) | null;
}

export interface LiveStoreDeps {
  /** Full ws:// or wss:// URL of /v1/live (with `?share=` for a share link). */
  url: string;
  openSocket: (url: string) => LiveSocket;
  /** True for a share link: no auth message; a 4401 or 4410 (expired, revoked) close is final. */
  isShare?: boolean;
  /** A valid access token (refreshing first when needed), or null when signed out. */
  getToken?: () => Promise<string | null>;
  /** Refresh the tokens after the server refused ours; false when the session is over. */
  refreshTokens?: () => Promise<boolean>;
  /** Called with a listener fired whenever the stored tokens change; returns the unsubscribe. */
  onTokensChanged?: (listener: () => void) => () => void;
  /** The vehicle directory (all pages). Failure (e.g. no vehicle-status permission) is ignored. */
  loadDirectory?: () => Promise<readonly DirectoryRow[]>;
  now?: () => number;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  random?: () => number;
  idleCloseMs?: number;
  ageEveryMs?: number;
}

export const CLOSE_UNAUTHORISED = LIVE_CLOSE.unauthorised;
/** share.contract.ts SHARE_SOCKET_CLOSE_GONE. */
export const CLOSE_SHARE_GONE = 4410;
/** Desk steps kept for consumers that look at the recent ones. */
const MAX_DESK_CHANGES = 50;
const BACKOFF_INITIAL_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;

export const LIVE_ERRORS = {
  sessionEnded: 'Your session has ended. Sign in again to see live positions.',
  shareRefused: 'This link has expired or was revoked.',
  forbidden: 'Your role does not include the live feed.',
} as const;

export interface LiveFleetStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): LiveFleetSnapshot;
}

/**
 * Light check of a socket message: our own server's contract (live.contract.ts, or share.contract.ts for a share
 * link), too hot a path to zod-parse 10,000 positions.
 */
function readMessage(data: unknown): LiveMessage | LiveDeskMessage | null {
  if (typeof data !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const m = parsed as Partial<Record<'type' | 'positions' | 'alerts' | 'message' | 'changes', unknown>>;
  if (m.type === 'error' && typeof m.message === 'string') return m as LiveMessage;
  if (m.type === 'desk' && Array.isArray(m.changes))
    return { type: 'desk', changes: (m.changes as unknown[]).filter(isDeskChangeLike) };
  if (!Array.isArray(m.positions)) return null;
  const positions = (m.positions as unknown[]).filter(isPositionLike).map(normalisePosition);
  if (m.type === 'snapshot') return { type: 'snapshot', positions };
  // Share links' deltas carry no alerts (share.contract.ts ShareLiveMessageSchema).
  if (m.type === 'delta')
    return { type: 'delta', positions, alerts: Array.isArray(m.alerts) ? (m.alerts as LiveAlert[]) : [] };
  return null;
}

const isDeskChangeLike = (c: unknown): c is AlertDeskChange =>
  typeof c === 'object' &&
  c !== null &&
  typeof (c as AlertDeskChange).id === 'string' &&
  typeof (c as AlertDeskChange).at === 'string' &&
  typeof (c as AlertDeskChange).deskStatus === 'string';

const isPositionLike = (
  p: unknown,
): p is Partial<LivePosition> & Pick<LivePosition, 'fixTime' | 'lat' | 'lon'> =>
  typeof p === 'object' &&
  p !== null &&
  typeof (p as LivePosition).fixTime === 'string' &&
  typeof (p as LivePosition).lat === 'number' &&
  typeof (p as LivePosition).lon === 'number';

/**
 * A position of either feed as a full LivePosition: a share link's positions (PublicSharePosition) leave out the
 * device, the organisation and the device health, which read as unknown.
 */
function normalisePosition(
  p: Partial<LivePosition> & Pick<LivePosition, 'fixTime' | 'lat' | 'lon'>,
): LivePosition {
  return {
    deviceId: p.deviceId ?? '',
    vehicleId: p.vehicleId ?? null,
    organisationId: p.organisationId ?? '',
    fixTime: p.fixTime,
    serverTime: p.serverTime ?? p.fixTime,
    lat: p.lat,
    lon: p.lon,
    speedKph: p.speedKph ?? null,
    headingDeg: p.headingDeg ?? null,
    gpsValid: p.gpsValid ?? null,
    ignition: p.ignition ?? null,
    mainPower: p.mainPower ?? null,
    batteryVoltageV: p.batteryVoltageV ?? null,
    gsmSignal: p.gsmSignal ?? null,
    odometerM: p.odometerM ?? null,
    status: p.status ?? 'stopped',
    statusSince: p.statusSince ?? null,
  };
}

export function createLiveFleetStore(deps: LiveStoreDeps): LiveFleetStore {
  const now = deps.now ?? Date.now;
  const later = deps.setTimeout ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const cancel = deps.clearTimeout ?? ((h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const random = deps.random ?? Math.random;
  const idleCloseMs = deps.idleCloseMs ?? 10_000;
  const ageEveryMs = deps.ageEveryMs ?? 60_000;
  const isShare = deps.isShare === true;

  const listeners = new Set<() => void>();
  let state: LiveFleetSnapshot = {
    vehicles: new Map(),
    version: 0,
    alerts: [],
    deskChanges: [],
    connection: 'closed',
  };
  let socket: LiveSocket | null = null;
  let attempt = 0;
  let retryTimer: unknown = null;
  let idleTimer: unknown = null;
  let ageTimer: unknown = null;
  let stopTokenWatch: (() => void) | null = null;
  /** Bumped when a connection is replaced or stopped, so late callbacks of an old one do nothing. */
  let generation = 0;

  function set(patch: Partial<LiveFleetSnapshot>, bump = false): void {
    state = { ...state, ...patch, version: bump ? state.version + 1 : state.version };
    for (const listener of [...listeners]) listener();
  }

  function applyPositions(base: ReadonlyMap<string, LiveVehicle>, positions: readonly LivePosition[]) {
    const next = new Map(base);
    for (const p of positions) {
      const key = vehicleKeyOf(p);
      next.set(key, applyPosition(next.get(key), p));
    }
    return next;
  }

  async function mergeDirectory(gen: number): Promise<void> {
    if (!deps.loadDirectory) return;
    let rows: readonly DirectoryRow[];
    try {
      rows = await deps.loadDirectory();
    } catch {
      return; // no permission or a hiccup: the map still shows what the stream sends
    }
    if (gen !== generation) return;
    const next = new Map(state.vehicles);
    for (const row of rows) next.set(row.vehicleId, applyDirectoryRow(next.get(row.vehicleId), row));
    set({ vehicles: next }, true);
  }

  function onMessage(gen: number, data: unknown): void {
    const message = readMessage(data);
    if (!message || gen !== generation) return;
    if (message.type === 'error') {
      set({ error: message.message });
      return;
    }
    if (message.type === 'desk') {
      if (message.changes.length > 0)
        set({
          deskChanges: [...[...message.changes].reverse(), ...state.deskChanges].slice(0, MAX_DESK_CHANGES),
        });
      return;
    }
    if (message.type === 'snapshot') {
      attempt = 0;
      // Directory names survive a reconnect; positions are replaced by the snapshot's.
      const kept = new Map<string, LiveVehicle>();
      for (const [key, v] of state.vehicles) if (v.registrationNumber !== null) kept.set(key, v);
      set({ vehicles: applyPositions(kept, message.positions), connection: 'open', error: undefined }, true);
      void mergeDirectory(gen);
      return;
    }
    const changed = message.positions.length > 0;
    set(
      {
        ...(changed ? { vehicles: applyPositions(state.vehicles, message.positions) } : {}),
        alerts: addAlerts(state.alerts, message.alerts),
      },
      true,
    );
  }

  async function sendAuth(target: LiveSocket, gen: number): Promise<void> {
    const token = (await deps.getToken?.()) ?? null;
    if (gen !== generation) return;
    if (token === null) {
      stop(LIVE_ERRORS.sessionEnded);
      return;
    }
    target.send(JSON.stringify({ type: 'auth', token }));
  }

  function connect(): void {
    const gen = ++generation;
    const target = deps.openSocket(deps.url);
    socket = target;
    target.onopen = () => {
      if (gen === generation && !isShare) void sendAuth(target, gen);
    };
    target.onmessage = (event) => onMessage(gen, event.data);
    target.onerror = () => undefined; // a close follows
    target.onclose = (event) => {
      if (gen !== generation) return;
      socket = null;
      void onClosed(event.code);
    };
  }

  async function onClosed(code: number): Promise<void> {
    const gen = generation;
    // A share link refused (4401) or gone — expired or revoked (4410): retrying cannot help.
    if (isShare && (code === CLOSE_UNAUTHORISED || code === CLOSE_SHARE_GONE))
      return stop(LIVE_ERRORS.shareRefused);
    if (!isShare && code === LIVE_CLOSE.forbidden) {
      clearFeed();
      return stop(LIVE_ERRORS.forbidden);
    }
    // Scope changed: what was shown may no longer be allowed. Once at once; a repeat before a snapshot backs off.
    if (!isShare && code === LIVE_CLOSE.rescoped && attempt === 0) {
      clearFeed();
      attempt = 1;
      set({ connection: 'reconnecting' });
      connect();
      return;
    }
    if (code === CLOSE_UNAUTHORISED) {
      const refreshed = (await deps.refreshTokens?.().catch(() => false)) ?? false;
      if (gen !== generation) return;
      if (!refreshed) return stop(LIVE_ERRORS.sessionEnded);
      set({ connection: 'reconnecting' });
      connect();
      return;
    }
    set({ connection: 'reconnecting' });
    const delayMs = Math.min(BACKOFF_MAX_MS, BACKOFF_INITIAL_MS * 2 ** attempt) * (0.5 + random() / 2);
    attempt += 1;
    retryTimer = later(() => {
      retryTimer = null;
      if (gen === generation) connect();
    }, delayMs);
  }

  /** Forgets every vehicle, alert and desk step the feed brought (directory names included: they may be out of scope). */
  function clearFeed(): void {
    set({ vehicles: new Map(), alerts: [], deskChanges: [] }, true);
  }

  function scheduleAging(): void {
    ageTimer = later(() => {
      let next: Map<string, LiveVehicle> | null = null;
      const nowMs = now();
      for (const [key, v] of state.vehicles) {
        const aged = ageVehicle(v, nowMs);
        if (aged !== v) (next ??= new Map(state.vehicles)).set(key, aged);
      }
      if (next) set({ vehicles: next }, true);
      scheduleAging();
    }, ageEveryMs);
  }

  function start(): void {
    set({ connection: 'connecting', error: undefined });
    if (!isShare && deps.onTokensChanged) {
      stopTokenWatch = deps.onTokensChanged(() => {
        if (socket && state.connection === 'open') void sendAuth(socket, generation);
      });
    }
    scheduleAging();
    connect();
  }

  /** Closes everything; with an error the state stays `closed` with that message until a new subscriber starts. */
  function stop(error?: string): void {
    generation += 1;
    for (const timer of [retryTimer, idleTimer, ageTimer]) if (timer !== null) cancel(timer);
    retryTimer = idleTimer = ageTimer = null;
    stopTokenWatch?.();
    stopTokenWatch = null;
    const closing = socket;
    socket = null;
    closing?.close(1000, 'done');
    attempt = 0;
    set({ connection: 'closed', ...(error ? { error } : {}) });
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (idleTimer !== null) {
        cancel(idleTimer);
        idleTimer = null;
      }
      if (state.connection === 'closed' && listeners.size === 1) start();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && state.connection !== 'closed') {
          idleTimer = later(() => {
            idleTimer = null;
            if (listeners.size === 0) stop();
          }, idleCloseMs);
        }
      };
    },
    getSnapshot: () => state,
  };
}
