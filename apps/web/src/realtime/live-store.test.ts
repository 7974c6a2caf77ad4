import { LIVE_CLOSE, type LiveAlert, type LivePosition } from '@civicfleet/shared';
import { describe, expect, it, vi } from 'vitest';
import type { DirectoryRow } from './live-fleet-state';
import {
  CLOSE_UNAUTHORISED,
  createLiveFleetStore,
  LIVE_ERRORS,
  type LiveSocket,
  type LiveStoreDeps,
} from './live-store';

class FakeSocket implements LiveSocket {
  sent: string[] = [];
  closed: number | null = null;
  onopen: LiveSocket['onopen'] = null;
  onmessage: LiveSocket['onmessage'] = null;
  onclose: LiveSocket['onclose'] = null;
  onerror: LiveSocket['onerror'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.closed = code;
  }
  open() {
    this.onopen?.();
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code = 1006) {
    this.onclose?.({ code });
  }
}

const T0 = Date.parse('2026-11-25T10:00:00Z');
const iso = (offsetS: number) => new Date(T0 + offsetS * 1000).toISOString();

function position(vehicleId: string | null, over: Partial<LivePosition> = {}): LivePosition {
  return {
    deviceId: `d${vehicleId ?? 'x'}`,
    vehicleId,
    organisationId: '1',
    fixTime: iso(0),
    serverTime: iso(1),
    lat: 22.72,
    lon: 75.86,
    speedKph: 20,
    headingDeg: 90,
    gpsValid: true,
    ignition: true,
    mainPower: true,
    batteryVoltageV: 4.1,
    gsmSignal: 20,
    odometerM: 1000,
    status: 'moving',
    statusSince: iso(-60),
    ...over,
  };
}

function row(vehicleId: string, over: Partial<DirectoryRow> = {}): DirectoryRow {
  return {
    vehicleId,
    registrationNumber: `MP09AB${vehicleId.padStart(4, '0')}`,
    organisationId: '1',
    deviceId: `d${vehicleId}`,
    imei: `86${vehicleId.padStart(13, '0')}`,
    status: 'never-connected',
    statusSince: null,
    lastPacketAt: null,
    fixTime: null,
    lat: null,
    lon: null,
    speedKph: null,
    ignition: null,
    type: 'tipper',
    ...over,
  };
}

function setup(over: Partial<LiveStoreDeps> = {}) {
  const sockets: FakeSocket[] = [];
  const timers: Array<{ fn: () => void; ms: number; cancelled: boolean }> = [];
  let nowMs = T0;
  const deps: LiveStoreDeps = {
    url: 'ws://test/v1/live',
    openSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    getToken: async () => 'token-1',
    refreshTokens: async () => true,
    loadDirectory: async () => [],
    now: () => nowMs,
    setTimeout: (fn, ms) => {
      const t = { fn, ms, cancelled: false };
      timers.push(t);
      return t;
    },
    clearTimeout: (h) => {
      (h as { cancelled: boolean }).cancelled = true;
    },
    random: () => 1,
    ...over,
  };
  const store = createLiveFleetStore(deps);
  const runTimers = (ms: number) => {
    for (const t of timers.filter((x) => !x.cancelled && x.ms === ms)) {
      t.cancelled = true;
      t.fn();
    }
  };
  return {
    store,
    sockets,
    timers,
    runTimers,
    setNow: (ms: number) => {
      nowMs = ms;
    },
    last: () => {
      const s = sockets.at(-1);
      if (!s) throw new Error('no socket');
      return s;
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const liveAlert: LiveAlert = {
  id: 'a9',
  deviceId: 'd1',
  vehicleId: '1',
  organisationId: '1',
  type: 'sos',
  at: iso(0),
  lat: null,
  lon: null,
  late: false,
};

describe('live fleet store', () => {
  it('connects on first subscriber, authenticates with a first message, applies snapshot then deltas', async () => {
    const t = setup();
    const seen = vi.fn();
    t.store.subscribe(seen);
    expect(t.store.getSnapshot().connection).toBe('connecting');
    expect(t.sockets).toHaveLength(1);
    t.last().open();
    await flush();
    expect(JSON.parse(t.last().sent[0] ?? '')).toEqual({ type: 'auth', token: 'token-1' });

    t.last().receive({ type: 'snapshot', positions: [position('1'), position('2')] });
    let snap = t.store.getSnapshot();
    expect(snap.connection).toBe('open');
    expect([...snap.vehicles.keys()]).toEqual(['1', '2']);
    const v1 = snap.version;

    const alert: LiveAlert = {
      id: 'a1',
      deviceId: 'd1',
      vehicleId: '1',
      organisationId: '1',
      type: 'sos',
      at: iso(5),
      lat: 22.7,
      lon: 75.8,
      late: false,
    };
    t.last().receive({
      type: 'delta',
      positions: [position('1', { fixTime: iso(5), serverTime: iso(6), speedKph: 42, lat: 22.73 })],
      alerts: [alert],
    });
    snap = t.store.getSnapshot();
    expect(snap.version).toBeGreaterThan(v1);
    expect(snap.vehicles.get('1')?.speedKph).toBe(42);
    expect(snap.vehicles.get('2')?.speedKph).toBe(20);
    expect(snap.alerts.map((a) => a.id)).toEqual(['a1']);
    // The same alert again is not duplicated; an older fix does not overwrite a newer one.
    t.last().receive({
      type: 'delta',
      positions: [position('1', { fixTime: iso(2), speedKph: 1 })],
      alerts: [alert],
    });
    expect(t.store.getSnapshot().alerts).toHaveLength(1);
    expect(t.store.getSnapshot().vehicles.get('1')?.speedKph).toBe(42);
    expect(seen).toHaveBeenCalled();
  });

  it('keeps the desk steps of `desk` messages, newest first, and ignores malformed ones', async () => {
    const t = setup();
    t.store.subscribe(() => undefined);
    t.last().open();
    await flush();
    t.last().receive({ type: 'snapshot', positions: [position('1')] });
    const version = t.store.getSnapshot().version;
    const step = (id: string, action: string, at: string) => ({
      id,
      organisationId: '1',
      type: 'sos',
      deskStatus: 'acknowledged',
      action,
      at,
    });
    t.last().receive({
      type: 'desk',
      changes: [step('e1', 'acknowledge', iso(5)), step('e2', 'assign', iso(6))],
    });
    t.last().receive({ type: 'desk', changes: [{ id: 7 }, step('e1', 'close', iso(7))] });
    const snap = t.store.getSnapshot();
    expect(snap.deskChanges.map((c) => `${c.id}:${c.action}`)).toEqual([
      'e1:close',
      'e2:assign',
      'e1:acknowledge',
    ]);
    // Desk steps do not touch the vehicles.
    expect(snap.version).toBe(version);
  });

  it('merges the directory: names onto live vehicles, never-connected vehicles added', async () => {
    const t = setup({
      loadDirectory: async () => [
        row('1', { status: 'moving', lastPacketAt: iso(-100), fixTime: iso(-100), lat: 1, lon: 1 }),
        row('3', { type: 'compactor' }),
      ],
    });
    t.store.subscribe(() => undefined);
    t.last().open();
    t.last().receive({ type: 'snapshot', positions: [position('1')] });
    await flush();
    const vehicles = t.store.getSnapshot().vehicles;
    const v1 = vehicles.get('1');
    expect(v1?.registrationNumber).toBe('MP09AB0001');
    expect(v1?.kind).toBe('tipper');
    // The stream's fix (newer) is kept over the directory's older one.
    expect(v1?.lat).toBe(22.72);
    const v3 = vehicles.get('3');
    expect(v3?.status).toBe('never-connected');
    expect(v3?.lat).toBeNull();
    expect(v3?.kind).toBe('compactor');
  });

  it('reconnects with back-off after a drop and keeps directory names across the new snapshot', async () => {
    const t = setup({ loadDirectory: async () => [row('1')] });
    t.store.subscribe(() => undefined);
    t.last().open();
    t.last().receive({ type: 'snapshot', positions: [position('1')] });
    await flush();
    t.last().drop(1006);
    expect(t.store.getSnapshot().connection).toBe('reconnecting');
    expect(t.sockets).toHaveLength(1);
    t.runTimers(1000);
    expect(t.sockets).toHaveLength(2);
    // A second drop before any snapshot backs off further.
    t.last().drop(1006);
    t.runTimers(1000);
    expect(t.sockets).toHaveLength(2);
    t.runTimers(2000);
    expect(t.sockets).toHaveLength(3);
    t.last().open();
    await flush();
    t.last().receive({ type: 'snapshot', positions: [position('1', { speedKph: 5 })] });
    const v = t.store.getSnapshot().vehicles.get('1');
    expect(v?.speedKph).toBe(5);
    expect(v?.registrationNumber).toBe('MP09AB0001');
  });

  it('refreshes the tokens after a 4401 and reconnects; gives up when the refresh fails', async () => {
    let refreshes = 0;
    const t = setup({
      refreshTokens: async () => {
        refreshes += 1;
        return refreshes === 1;
      },
    });
    t.store.subscribe(() => undefined);
    t.last().open();
    t.last().drop(CLOSE_UNAUTHORISED);
    await flush();
    expect(t.sockets).toHaveLength(2);
    t.last().drop(CLOSE_UNAUTHORISED);
    await flush();
    expect(t.sockets).toHaveLength(2);
    expect(t.store.getSnapshot()).toMatchObject({ connection: 'closed', error: LIVE_ERRORS.sessionEnded });
  });

  it('ends for good after a 4403 (no part of the feed allowed): nothing shown, no reconnect, no refresh', async () => {
    let refreshes = 0;
    const t = setup({
      refreshTokens: async () => {
        refreshes += 1;
        return true;
      },
    });
    t.store.subscribe(() => undefined);
    t.last().open();
    await flush();
    t.last().receive({ type: 'snapshot', positions: [position('1')] });
    t.last().receive({ type: 'delta', positions: [], alerts: [liveAlert] });
    t.last().receive({ type: 'error', message: 'Your role does not include the live feed.' });
    t.last().drop(LIVE_CLOSE.forbidden);
    await flush();
    expect(t.store.getSnapshot()).toMatchObject({ connection: 'closed', error: LIVE_ERRORS.forbidden });
    expect(t.store.getSnapshot().vehicles.size).toBe(0);
    expect(t.store.getSnapshot().alerts).toEqual([]);
    for (const ms of [1000, 2000, 4000, 30_000]) t.runTimers(ms);
    expect(t.sockets).toHaveLength(1);
    expect(refreshes).toBe(0);
  });

  it('drops what was shown and reconnects at once after a 4409 (scope changed); a repeat backs off', async () => {
    const t = setup({ loadDirectory: async () => [row('1')] });
    t.store.subscribe(() => undefined);
    t.last().open();
    await flush();
    t.last().receive({ type: 'snapshot', positions: [position('1'), position('2')] });
    t.last().receive({ type: 'delta', positions: [], alerts: [liveAlert] });
    await flush();
    expect(t.store.getSnapshot().vehicles.size).toBe(2);
    t.last().drop(LIVE_CLOSE.rescoped);
    expect(t.store.getSnapshot()).toMatchObject({ connection: 'reconnecting', alerts: [] });
    expect(t.store.getSnapshot().vehicles.size).toBe(0);
    expect(t.sockets).toHaveLength(2);
    // The new scope's snapshot: vehicle 2 is no longer visible.
    t.last().open();
    await flush();
    t.last().receive({ type: 'snapshot', positions: [position('1')] });
    await flush();
    expect([...t.store.getSnapshot().vehicles.keys()]).toEqual(['1']);
    // Two in a row without a snapshot between them: the second waits for the back-off.
    t.last().drop(LIVE_CLOSE.rescoped);
    expect(t.sockets).toHaveLength(3);
    t.last().drop(LIVE_CLOSE.rescoped);
    expect(t.sockets).toHaveLength(3);
    t.runTimers(2000);
    expect(t.sockets).toHaveLength(4);
  });

  it('re-sends the token after the tokens change', async () => {
    let fire: () => void = () => undefined;
    let token = 'token-1';
    const t = setup({
      getToken: async () => token,
      onTokensChanged: (listener) => {
        fire = listener;
        return () => undefined;
      },
    });
    t.store.subscribe(() => undefined);
    t.last().open();
    await flush();
    t.last().receive({ type: 'snapshot', positions: [] });
    token = 'token-2';
    fire();
    await flush();
    expect(t.last().sent.map((s) => (JSON.parse(s) as { token: string }).token)).toEqual([
      'token-1',
      'token-2',
    ]);
  });

  it('share links send no auth, read the share feed and end when the link is gone', async () => {
    const loadDirectory = vi.fn(async () => [row('1', { type: null, kind: 'BUS' })]);
    const t = setup({ isShare: true, url: 'ws://test/v1/live?share=abc', loadDirectory });
    t.store.subscribe(() => undefined);
    t.last().open();
    await flush();
    expect(t.last().sent).toEqual([]);
    expect(t.last().url).toContain('share=abc');
    // share.contract.ts positions: no device, organisation or health; deltas without alerts.
    const shared = {
      vehicleId: '1',
      fixTime: iso(0),
      lat: 22.7,
      lon: 75.8,
      speedKph: 12,
      headingDeg: 10,
      ignition: true,
      status: 'moving',
      statusSince: iso(-5),
    };
    t.last().receive({ type: 'snapshot', positions: [shared] });
    await flush();
    expect(t.store.getSnapshot().vehicles.get('1')).toMatchObject({
      registrationNumber: 'MP09AB0001',
      kind: 'BUS',
      speedKph: 12,
      serverTime: iso(0),
      mainPower: null,
    });
    t.last().receive({ type: 'delta', positions: [{ ...shared, fixTime: iso(9), speedKph: 30 }] });
    expect(t.store.getSnapshot().vehicles.get('1')?.speedKph).toBe(30);
    t.last().drop(4410);
    await flush();
    expect(t.store.getSnapshot()).toMatchObject({ connection: 'closed', error: LIVE_ERRORS.shareRefused });
    expect(t.sockets).toHaveLength(1);
  });

  it('keeps one connection for several subscribers and closes after the last leaves', () => {
    const t = setup({ idleCloseMs: 5000 });
    const a = t.store.subscribe(() => undefined);
    const b = t.store.subscribe(() => undefined);
    expect(t.sockets).toHaveLength(1);
    a();
    b();
    expect(t.last().closed).toBeNull();
    t.runTimers(5000);
    expect(t.last().closed).toBe(1000);
    expect(t.store.getSnapshot().connection).toBe('closed');
    t.store.subscribe(() => undefined);
    expect(t.sockets).toHaveLength(2);
  });

  it('ages silent vehicles to offline', () => {
    const t = setup({ ageEveryMs: 60_000 });
    t.store.subscribe(() => undefined);
    t.last().open();
    t.last().receive({ type: 'snapshot', positions: [position('1')] });
    t.setNow(T0 + 31 * 60_000);
    t.runTimers(60_000);
    expect(t.store.getSnapshot().vehicles.get('1')).toMatchObject({ status: 'offline', statusSince: iso(1) });
  });
});
