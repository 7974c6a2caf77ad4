/**
 * Alarms → events, through the one alert machine (derive/alerts.ts, docs/derivations.md "Alerts"; traccar.md: one
 * SOS press must be one alert, not 50). This stage only maps its episodes to `events` rows:
 *
 * - an opened episode (sos, powerCut, lowBattery, gpsLost, derived overspeed) is a new open row; repeats of its
 *   alarm while open bump last_at and repeat_count; its close (counterpart alarm, SOS quiet for `sosQuietS`, main
 *   power back, speed back under the limit) sets ended_at on the same row (in place while it is still in the open
 *   batch, else as an update);
 * - one-shot alarms (tamper, harsh driving, the device's overspeed without a vehicle limit …) are rows closed at
 *   once; repeats within `alarmDedupS` are folded into the previous one (no row);
 * - alarms of late fixes (older than the newest) are one-shot rows marked late (a replayed SOS still raises an
 *   alert); a history fix newer than the newest runs the live episodes, its rows marked late.
 * Frames without a fix or alarm (heartbeats, status) only close an SOS gone quiet, without moving the device's clock.
 */
import {
  expireAlerts,
  initialAlertState,
  stepDeviceAlerts,
  type AlertClose,
  type AlertOpen,
  type AlertState,
} from '../../../derive/index.ts';
import type { OpenAlarm } from '../device-state.ts';
import type { IngestContext, IngestStage } from '../pipeline.ts';
import type { EventRow } from '../rows.ts';

/** Paired conditions the alert machine keeps open (opener types). */
const PAIRED = ['powerCut', 'lowBattery', 'gpsLost'] as const;

/**
 * The machine's open episodes made to agree with the open `events` rows (the database is the truth: the worker may
 * have closed a quiet SOS, a failed batch may have lost an open). `base`: the persisted state, or none.
 */
export function alertStateWithEvents(
  base: AlertState | null,
  openAlarms: ReadonlyMap<string, OpenAlarm>,
): AlertState {
  const state = base ?? initialAlertState();
  const sosRow = openAlarms.get('sos');
  const sos = sosRow
    ? (state.sos ?? { openedMs: sosRow.startedAt.getTime(), lastSeenMs: sosRow.lastAt.getTime() })
    : null;
  const paired: Record<string, number> = {};
  for (const type of PAIRED) {
    const row = openAlarms.get(type);
    if (row) paired[type] = state.paired[type] ?? row.startedAt.getTime();
  }
  const overspeedRow = openAlarms.get('overspeed');
  const overspeedOpen = overspeedRow
    ? (state.overspeed.open ?? { openedMs: overspeedRow.startedAt.getTime(), maxSpeedKph: 0 })
    : null;
  return { ...state, sos, paired, overspeed: { ...state.overspeed, open: overspeedOpen } };
}

export const alarmStage: IngestStage = {
  name: 'alarms',
  process(ctx) {
    const state = ctx.state;
    const alerts = state.alerts ?? alertStateWithEvents(null, state.openAlarms);
    const pos = ctx.position;
    const alarms = ctx.message.alarms;
    if (pos && alarms.length === 0 && nothingCanChange(alerts, ctx)) {
      // What stepDeviceAlerts would return here, without its copies: only the machine's clock moves.
      state.alerts = { ...alerts, lastMs: ctx.atMs };
      return;
    }
    const at = new Date(ctx.atMs);
    if (!pos && alarms.length === 0) {
      const step = expireAlerts(alerts, at, ctx.settings);
      state.alerts = step.state;
      apply(ctx, [], step.closed, []);
      return;
    }
    const step = stepDeviceAlerts(
      alerts,
      {
        point: {
          deviceId: state.device.id.toString(),
          vehicleId: ctx.link ? ctx.link.vehicleId.toString() : null,
          fixTime: at,
          lat: pos?.lat ?? 0,
          lon: pos?.lon ?? 0,
          speedKph: pos?.speedKph ?? null,
          ignition: pos?.ignition ?? null,
          gpsValid: pos ? pos.gpsValid !== false : false,
          mainPower: pos?.mainPower ?? ctx.message.mainPower,
          distanceM: 0,
          history: ctx.history,
        },
        alarms,
        late: ctx.late,
      },
      ctx.settings,
    );
    state.alerts = step.state;
    // The live path moved the machine's clock to this alarm: repeats of open episodes count.
    const live = !ctx.late && step.state.lastMs === ctx.atMs;
    apply(ctx, step.opened, step.closed, live ? alarms : []);
  },
};

/**
 * The common fix (no alarm, in order) where the alert machine (derive/alerts.ts stepAlerts) can neither open nor
 * close anything: no SOS open (nothing to go quiet), no paired alarm open (a fix reporting main power would close a
 * power cut), no speed limit (derived overspeed off). Then a step only sets `lastMs`; the stage skips the machine's
 * state copies and result objects (a few µs per fix). Keep in step with stepAlerts.
 */
function nothingCanChange(alerts: AlertState, ctx: IngestContext): boolean {
  if (ctx.late || alerts.sos !== null || ctx.settings.speedLimitKph !== null) return false;
  if (alerts.lastMs !== null && ctx.atMs < alerts.lastMs) return false;
  for (const key in alerts.paired) if (Object.hasOwn(alerts.paired, key)) return false;
  return true;
}

const keyOf = (alert: { type: string; openedAt: Date }): string =>
  `${alert.type}@${alert.openedAt.getTime()}`;

function apply(
  ctx: IngestContext,
  opened: readonly AlertOpen[],
  closed: readonly AlertClose[],
  repeats: readonly string[],
): void {
  const closes = new Map(closed.map((close) => [keyOf(close), close]));
  const touched = new Set<string>();
  // Closes of episodes opened earlier first: a quiet SOS closes before a new press opens the next one.
  const openedKeys = new Set(opened.map(keyOf));
  for (const close of closed) {
    if (openedKeys.has(keyOf(close)) || close.late) continue;
    closeOpen(ctx, close);
    touched.add(close.type);
  }
  for (const open of opened) {
    const close = closes.get(keyOf(open));
    const row = newEvent(ctx, open, close?.closedAt ?? null);
    touched.add(open.type);
    if (!close && !open.late) {
      ctx.state.openAlarms.set(open.type, {
        startedAt: open.openedAt,
        lastAt: open.openedAt,
        repeatCount: 1,
        pending: { batch: ctx.batch, row },
      });
    }
  }
  const at = new Date(ctx.atMs);
  for (const type of new Set(repeats)) {
    const open = ctx.state.openAlarms.get(type);
    if (!open || touched.has(type)) continue;
    if (at > open.lastAt) open.lastAt = at;
    open.repeatCount += 1;
    write(ctx, type, open, null);
  }
}

function newEvent(ctx: IngestContext, open: AlertOpen, endedAt: Date | null): EventRow {
  const latest = ctx.state.latest;
  const row: EventRow = {
    deviceId: ctx.state.device.id,
    vehicleId: ctx.link?.vehicleId ?? null,
    organisationId: ctx.organisationId,
    type: open.type,
    startedAt: open.openedAt,
    endedAt,
    lastAt: endedAt ?? open.openedAt,
    repeatCount: 1,
    lat: ctx.position?.lat ?? latest?.lat ?? null,
    lon: ctx.position?.lon ?? latest?.lon ?? null,
    late: open.late,
    attrs: open.speedKph === null ? null : { speedKph: open.speedKph },
  };
  ctx.batch.newEvents.push(row);
  return row;
}

function closeOpen(ctx: IngestContext, close: AlertClose): void {
  const open = ctx.state.openAlarms.get(close.type);
  if (!open) return;
  ctx.state.openAlarms.delete(close.type);
  const endedAt = close.closedAt < open.startedAt ? open.startedAt : close.closedAt;
  write(ctx, close.type, open, endedAt);
}

/** Applies the open alarm's state: in place while its row is still in this batch, else as an update. */
function write(ctx: IngestContext, type: string, open: OpenAlarm, endedAt: Date | null): void {
  if (open.pending?.batch === ctx.batch) {
    open.pending.row.lastAt = open.lastAt;
    open.pending.row.repeatCount = open.repeatCount;
    open.pending.row.endedAt = endedAt;
    return;
  }
  open.pending = null;
  ctx.batch.eventUpdates.set(`${ctx.state.device.id}:${type}`, {
    deviceId: ctx.state.device.id,
    type,
    lastAt: open.lastAt,
    repeatCount: open.repeatCount,
    endedAt,
  });
}
