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
    const next: LatestRow = {
      ...previous,
      lastPacketAt: ctx.serverAt > previous.lastPacketAt ? ctx.serverAt : previous.lastPacketAt,
    };
    if (!ctx.late) {
      const m = ctx.message;
      const pos = ctx.position;
      next.vehicleId = ctx.link?.vehicleId ?? null;
      next.organisationId = ctx.organisationId;
      if (pos) {
        Object.assign(next, {
          fixedAt: pos.fixedAt,
          serverAt: pos.serverAt,
          lat: pos.lat,
          lon: pos.lon,
          speedKph: pos.speedKph,
          headingDeg: pos.headingDeg,
          altitudeM: pos.altitudeM,
          satellites: pos.satellites,
          gpsValid: pos.gpsValid,
          motion: pos.motion,
          odometerM: pos.odometerM,
        });
      }
      if (m.ignition !== null) next.ignition = m.ignition;
      else if (pos) next.ignition = pos.ignition;
      if (m.mainPower !== null) next.mainPower = m.mainPower;
      if (m.mainVoltageV !== null) next.mainVoltageV = m.mainVoltageV;
      if (m.batteryVoltageV !== null) next.batteryVoltageV = m.batteryVoltageV;
      if (m.gsmSignal !== null) next.gsmSignal = m.gsmSignal;
      if (pos || next.ignition !== null) {
        const status = basicStatus(next.motion, next.ignition);
        if (status !== previous.status) {
          next.status = status;
          next.statusSince = pos?.fixedAt ?? ctx.serverAt;
        }
      }
    }
    ctx.state.latest = next;
    ctx.batch.latest.set(next.deviceId, next);
  },
};

export const storeStage: IngestStage = {
  name: 'store',
  process(ctx) {
    if (ctx.position) ctx.batch.positions.push(ctx.position);
  },
};
