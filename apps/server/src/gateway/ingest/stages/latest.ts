/**
 * device_latest and the position row itself. Late fixes never move device_latest backwards; any frame refreshes
 * last_packet_at. The status here is the simple one (moving / idle / stopped from motion and ignition); the derive
 * stages' state machine (stop after N s within R m, offline from the worker) replaces it when it lands.
 */
import type { VehicleLiveStatus } from '@civicfleet/shared';
import type { IngestContext, IngestStage } from '../pipeline.ts';
import type { LatestRow } from '../rows.ts';

export function basicStatus(motion: boolean | null, ignition: boolean | null): VehicleLiveStatus {
  if (motion) return 'moving';
  return ignition ? 'idle' : 'stopped';
}

function emptyLatest(ctx: IngestContext): LatestRow {
  return {
    deviceId: ctx.state.device.id,
    vehicleId: null,
    organisationId: ctx.organisationId,
    fixedAt: null,
    serverAt: null,
    lat: null,
    lon: null,
    speedKph: null,
    headingDeg: null,
    altitudeM: null,
    satellites: null,
    gpsValid: null,
    ignition: null,
    motion: null,
    mainPower: null,
    mainVoltageV: null,
    batteryVoltageV: null,
    gsmSignal: null,
    odometerM: null,
    status: 'never-connected',
    statusSince: null,
    lastPacketAt: ctx.serverAt,
  };
}

export const latestStage: IngestStage = {
  name: 'latest',
  process(ctx) {
    const previous = ctx.state.latest ?? emptyLatest(ctx);
    const previousStatus = previous.status;
    // The row this open batch already holds for the device is advanced in place (one object per device and batch,
    // not per fix); a row of an earlier batch (maybe being written now) is never touched: it is copied first.
    const next: LatestRow = ctx.batch.latest.get(previous.deviceId) === previous ? previous : { ...previous };
    if (ctx.serverAt > previous.lastPacketAt) next.lastPacketAt = ctx.serverAt;
    if (!ctx.late) {
      const m = ctx.message;
      const pos = ctx.position;
      next.vehicleId = ctx.link?.vehicleId ?? null;
      next.organisationId = ctx.organisationId;
      if (pos) {
        next.fixedAt = pos.fixedAt;
        next.serverAt = pos.serverAt;
        next.lat = pos.lat;
        next.lon = pos.lon;
        next.speedKph = pos.speedKph;
        next.headingDeg = pos.headingDeg;
        next.altitudeM = pos.altitudeM;
        next.satellites = pos.satellites;
        next.gpsValid = pos.gpsValid;
        next.motion = pos.motion;
        next.odometerM = pos.odometerM;
      }
      if (m.ignition !== null) next.ignition = m.ignition;
      else if (pos) next.ignition = pos.ignition;
      if (m.mainPower !== null) next.mainPower = m.mainPower;
      if (m.mainVoltageV !== null) next.mainVoltageV = m.mainVoltageV;
      if (m.batteryVoltageV !== null) next.batteryVoltageV = m.batteryVoltageV;
      if (m.gsmSignal !== null) next.gsmSignal = m.gsmSignal;
      if (pos || next.ignition !== null) {
        const status = basicStatus(next.motion, next.ignition);
        if (status !== previousStatus) {
          next.status = status;
          next.statusSince = pos?.fixedAt ?? ctx.serverAt;
        }
      }
    }
    ctx.state.latest = next;
    ctx.batch.setLatest(next);
  },
};

export const storeStage: IngestStage = {
  name: 'store',
  process(ctx) {
    if (ctx.position) ctx.batch.positions.push(ctx.position);
  },
};
