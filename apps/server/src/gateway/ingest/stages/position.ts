/**
 * The position stages: filter, vehicle attribution, distance/odometer, motion/ignition. Thresholds are documented
 * constants here; per-organisation overrides come with the settings work.
 */
import { haversineM } from '../geo.ts';
import { linkAt } from '../device-state.ts';
import type { IngestContext, IngestStage } from '../pipeline.ts';

/** Fixes further in the future than this (device clock wrong, bad GPS week rollover) are not stored as positions. */
export const MAX_FUTURE_MS = 10 * 60_000;
/** Implied speed above this between two fixes is a GPS jump: flagged, not counted as distance. */
export const MAX_PLAUSIBLE_KPH = 300;
/** Moving = reported speed above this … */
export const MOTION_SPEED_KPH = 3;
/** … or moved farther than this since the previous fix. */
export const MOTION_DISTANCE_M = 50;

export const filterStage: IngestStage = {
  name: 'filter',
  process(ctx) {
    const m = ctx.message;
    if (m.fixTime === null || m.lat === null || m.lon === null) return;
    const fixedAtMs = Date.parse(m.fixTime);
    if (Number.isNaN(fixedAtMs)) return drop(ctx, 'unreadable fix time');
    if (m.lat === 0 && m.lon === 0) return drop(ctx, 'zero coordinates');
    if (Math.abs(m.lat) > 90 || Math.abs(m.lon) > 180) return drop(ctx, 'coordinates out of range');
    if (fixedAtMs > ctx.serverAt.getTime() + MAX_FUTURE_MS) return drop(ctx, 'fix time in the future');
    const newestMs = ctx.state.latest?.fixedAt?.getTime();
    if (newestMs === fixedAtMs) return drop(ctx, 'duplicate fix');
    ctx.late = newestMs !== undefined && fixedAtMs < newestMs;
    ctx.history = m.history || ctx.late;
    ctx.atMs = fixedAtMs;
    const attrs: Record<string, unknown> = {};
    if (Object.keys(m.io).length > 0) attrs.io = m.io;
    if (m.alarms.length > 0) attrs.alarms = m.alarms;
    if (m.checksumOk === false) attrs.checksumOk = false;
    if (ctx.late) attrs.late = true;
    ctx.position = {
      deviceId: ctx.state.device.id,
      fixedAt: new Date(fixedAtMs),
      serverAt: ctx.serverAt,
      vehicleId: null,
      lat: m.lat,
      lon: m.lon,
      speedKph: m.speedKph,
      headingDeg: m.headingDeg,
      altitudeM: m.altitudeM,
      satellites: m.satellites,
      hdop: m.hdop,
      gpsValid: m.gpsValid,
      ignition: m.ignition,
      motion: null,
      mainPower: m.mainPower,
      mainVoltageV: m.mainVoltageV,
      batteryVoltageV: m.batteryVoltageV,
      gsmSignal: m.gsmSignal,
      distanceM: null,
      odometerM: m.odometerM,
      history: ctx.history,
      attrs: Object.keys(attrs).length > 0 ? attrs : null,
    };
  },
};

function drop(ctx: IngestContext, reason: string): void {
  ctx.dropped = reason;
}

export const attributionStage: IngestStage = {
  name: 'attribution',
  process(ctx) {
    ctx.link = linkAt(ctx.state.links, ctx.atMs);
    ctx.organisationId = ctx.link?.organisationId ?? ctx.state.device.organisationId;
    if (ctx.position) ctx.position.vehicleId = ctx.link?.vehicleId ?? null;
  },
};

export const distanceStage: IngestStage = {
  name: 'distance',
  process(ctx) {
    const pos = ctx.position;
    if (!pos) return;
    const state = ctx.state;
    const reportedOdometerM = ctx.message.odometerM;
    // Late fixes are stored as they are: their distance belongs to a chain that the derive stages re-walk.
    if (ctx.late) return;
    let movedM = 0;
    if (pos.gpsValid !== false) {
      const anchor = state.anchor;
      const fixedAtMs = pos.fixedAt.getTime();
      if (anchor) {
        const metres = haversineM(anchor.lat, anchor.lon, pos.lat, pos.lon);
        const seconds = (fixedAtMs - anchor.fixedAtMs) / 1000;
        const impliedKph = seconds > 0 ? (metres / seconds) * 3.6 : Number.POSITIVE_INFINITY;
        if (metres > 0 && impliedKph > MAX_PLAUSIBLE_KPH) {
          pos.attrs = {
            ...pos.attrs,
            jump: { metres: Math.round(metres), impliedKph: Math.round(impliedKph) },
          };
        } else {
          movedM = metres;
        }
      }
      // The anchor follows even a jump: if this fix was the outlier, the way back is a jump too and is not counted.
      state.anchor = { fixedAtMs, lat: pos.lat, lon: pos.lon };
    }
    state.odometerM = reportedOdometerM ?? state.odometerM + movedM;
    pos.distanceM = movedM;
    pos.odometerM = state.odometerM;
    ctx.movedM = movedM;
  },
};

export const motionStage: IngestStage = {
  name: 'motion',
  process(ctx) {
    const pos = ctx.position;
    if (!pos) return;
    pos.motion = (pos.speedKph ?? 0) > MOTION_SPEED_KPH || ctx.movedM > MOTION_DISTANCE_M;
    // Devices that report ignition only on change (or in some frames) keep the last known state.
    if (pos.ignition === null && !ctx.late) pos.ignition = ctx.state.latest?.ignition ?? null;
  },
};
