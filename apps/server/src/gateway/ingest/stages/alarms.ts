/**
 * Alarms → events, deduplicated (traccar.md: one SOS press must be one alert, not 50).
 *
 * - Stateful alarms (sos, powerCut, lowBattery, gpsLost) open an event that stays open until the counterpart alarm
 *   (sosOff, powerRestored, lowBatteryRemoved, gpsRestored) or until nothing repeated it for ALERT_TIMEOUT_MS
 *   (then it ends at its last repeat). Repeats while open bump last_at and repeat_count only.
 * - Other alarms (overspeed, tamper, harsh driving …) are instant events (ended_at = started_at); repeats within
 *   INSTANT_DEDUP_MS of the previous one are dropped.
 * - Alarms from history/late packets are instant events marked late, deduplicated among themselves.
 * - ignitionOn/ignitionOff are state changes, not alerts (state intervals record them).
 */
import type { Alarm } from '@civicfleet/protocols';
import type { OpenAlarm } from '../device-state.ts';
import type { IngestContext, IngestStage } from '../pipeline.ts';
import type { EventRow } from '../rows.ts';

export const ALERT_TIMEOUT_MS = 10 * 60_000;
export const INSTANT_DEDUP_MS = 60_000;

/** Opening alarm → the alarm that closes it. */
export const STATEFUL_ALARMS: Partial<Record<Alarm, Alarm>> = {
  sos: 'sosOff',
  powerCut: 'powerRestored',
  lowBattery: 'lowBatteryRemoved',
  gpsLost: 'gpsRestored',
};
const CLOSES = new Map<string, string>(Object.entries(STATEFUL_ALARMS).map(([open, close]) => [close, open]));
const NOT_ALERTS = new Set<string>(['ignitionOn', 'ignitionOff']);

export const alarmStage: IngestStage = {
  name: 'alarms',
  process(ctx) {
    const at = new Date(ctx.atMs);
    if (!ctx.history) expireOpenAlarms(ctx, ctx.atMs);
    for (const alarm of ctx.message.alarms) {
      if (NOT_ALERTS.has(alarm)) continue;
      if (ctx.history) {
        instant(ctx, alarm, at, true);
        continue;
      }
      const opener = CLOSES.get(alarm);
      if (opener !== undefined) {
        close(ctx, opener, at);
      } else if (alarm in STATEFUL_ALARMS) {
        openOrRepeat(ctx, alarm, at);
      } else {
        instant(ctx, alarm, at, false);
      }
    }
  },
};

function key(ctx: IngestContext, type: string): string {
  return `${ctx.state.device.id}:${type}`;
}

function newEvent(ctx: IngestContext, type: string, at: Date, endedAt: Date | null, late: boolean): EventRow {
  const latest = ctx.state.latest;
  const row: EventRow = {
    deviceId: ctx.state.device.id,
    vehicleId: ctx.link?.vehicleId ?? null,
    organisationId: ctx.organisationId,
    type,
    startedAt: at,
    endedAt,
    lastAt: at,
    repeatCount: 1,
    lat: ctx.position?.lat ?? latest?.lat ?? null,
    lon: ctx.position?.lon ?? latest?.lon ?? null,
    late,
    attrs: null,
  };
  ctx.batch.newEvents.push(row);
  return row;
}

function instant(ctx: IngestContext, type: string, at: Date, late: boolean): void {
  const recentKey = late ? `late:${type}` : type;
  const previous = ctx.state.recentAlarms.get(recentKey);
  if (previous !== undefined && Math.abs(at.getTime() - previous) < INSTANT_DEDUP_MS) return;
  ctx.state.recentAlarms.set(recentKey, at.getTime());
  newEvent(ctx, type, at, at, late);
}

function openOrRepeat(ctx: IngestContext, type: string, at: Date): void {
  const open = ctx.state.openAlarms.get(type);
  if (!open) {
    const row = newEvent(ctx, type, at, null, false);
    ctx.state.openAlarms.set(type, {
      startedAt: at,
      lastAt: at,
      repeatCount: 1,
      pending: { batch: ctx.batch, row },
    });
    return;
  }
  if (at > open.lastAt) open.lastAt = at;
  open.repeatCount += 1;
  write(ctx, type, open, null);
}

function close(ctx: IngestContext, type: string, at: Date): void {
  const open = ctx.state.openAlarms.get(type);
  if (!open) return;
  ctx.state.openAlarms.delete(type);
  write(ctx, type, open, at < open.startedAt ? open.startedAt : at);
}

/** Stateful alarms nobody repeated for ALERT_TIMEOUT_MS end at their last repeat. */
function expireOpenAlarms(ctx: IngestContext, nowMs: number): void {
  for (const [type, open] of ctx.state.openAlarms) {
    if (nowMs - open.lastAt.getTime() <= ALERT_TIMEOUT_MS) continue;
    ctx.state.openAlarms.delete(type);
    write(ctx, type, open, open.lastAt);
  }
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
  ctx.batch.eventUpdates.set(key(ctx, type), {
    deviceId: ctx.state.device.id,
    type,
    lastAt: open.lastAt,
    repeatCount: open.repeatCount,
    endedAt,
  });
}
