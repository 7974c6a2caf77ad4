/**
 * The position stages: filter, vehicle attribution (+ the settings that apply), distance/odometer (the derive rule,
 * derive/distance.ts), motion/ignition. The filter and motion thresholds are documented constants here.
 */
import { stepDistance } from '../../../derive/index.ts';
import { linkAt } from '../device-state.ts';
import type { IngestContext, IngestStage, SettingsResolver } from '../pipeline.ts';

/** Fixes further in the future than this (device clock wrong, bad GPS week rollover) are not stored as positions. */
export const MAX_FUTURE_MS = 10 * 60_000;
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
    // attrs only when there is something to keep (most fixes of some protocols have none).
    let attrs: Record<string, unknown> | null = null;
    if (hasKeys(m.io)) attrs = { io: m.io };
    if (m.alarms.length > 0) (attrs ??= {}).alarms = m.alarms;
    if (m.checksumOk === false) (attrs ??= {}).checksumOk = false;
    if (ctx.late) (attrs ??= {}).late = true;
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
      attrs,
    };
  },
};

function hasKeys(object: object): boolean {
  for (const key in object) if (Object.hasOwn(object, key)) return true;
  return false;
}

function drop(ctx: IngestContext, reason: string): void {
  ctx.dropped = reason;
}

export function createAttributionStage(settingsFor: SettingsResolver): IngestStage {
  return {
    name: 'attribution',
    process(ctx) {
      ctx.link = linkAt(ctx.state.links, ctx.atMs);
      ctx.organisationId = ctx.link?.organisationId ?? ctx.state.device.organisationId;
      ctx.settings = settingsFor(ctx.organisationId, ctx.link?.vehicleId ?? null);
      if (ctx.position) ctx.position.vehicleId = ctx.link?.vehicleId ?? null;
    },
  };
}

/**
 * `stepDistance` (jitter, GPS gap and plausibility rules: docs/derivations.md "Distance and odometer") fills
 * distance_m; the running odometer is the device's own when it sends one, else the sum. Late fixes are stored
 * without distance: their chain is re-walked by the re-derivation (rederive-job.ts).
 */
export const distanceStage: IngestStage = {
  name: 'distance',
  process(ctx) {
    const pos = ctx.position;
    if (!pos || ctx.late) return;
    const step = stepDistance(
      ctx.state.distance,
      {
        fixTime: pos.fixedAt,
        lat: pos.lat,
        lon: pos.lon,
        gpsValid: pos.gpsValid !== false,
        speedKph: pos.speedKph,
        ignition: pos.ignition ?? ctx.state.latest?.ignition ?? null,
      },
      ctx.settings,
    );
    const reportedOdometerM = ctx.message.odometerM;
    ctx.state.distance =
      reportedOdometerM === null ? step.state : { ...step.state, odometerM: reportedOdometerM };
    if (step.jump) {
      pos.attrs = {
        ...pos.attrs,
        jump: { metres: Math.round(step.jump.distanceM), impliedKph: Math.round(step.jump.impliedKph) },
      };
    }
    pos.distanceM = step.distanceM;
    pos.odometerM = ctx.state.distance.odometerM;
    ctx.movedM = step.distanceM;
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
