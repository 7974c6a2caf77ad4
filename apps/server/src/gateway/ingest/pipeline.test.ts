/** The ingest stages, pure (no database): filter, distance/odometer, motion, attribution, alarms, latest. */
import { describe, expect, it } from 'vitest';
import { emptyMessage, type Alarm, type NormalisedMessage } from '@civicfleet/protocols';
import { Batch } from './batch.ts';
import { newDeviceState, type DeviceState } from './device-state.ts';
import { createStages, runPipeline } from './pipeline.ts';
import { DEFAULT_DERIVE_SETTINGS } from '../../derive/index.ts';

const stages = createStages();
const T0 = Date.parse('2026-11-20T06:00:00Z');
const at = (s: number) => new Date(T0 + s * 1000).toISOString();

function device(): DeviceState {
  return newDeviceState(
    { id: 7n, imei: '359710049095095', organisationId: 100n, strictChecksum: false, protocol: 'gt06' },
    [
      { vehicleId: 1n, organisationId: 200n, fromMs: T0 - 86_400_000, toMs: T0 + 3600_000 },
      { vehicleId: 2n, organisationId: 300n, fromMs: T0 + 3600_000, toMs: null },
    ],
    null,
  );
}

function fix(
  seconds: number,
  lat: number,
  lon: number,
  extra: Partial<NormalisedMessage> = {},
): NormalisedMessage {
  return {
    ...emptyMessage('gt06', 'position', '359710049095095'),
    fixTime: at(seconds),
    lat,
    lon,
    speedKph: 0,
    gpsValid: true,
    ...extra,
  };
}

function alarm(seconds: number, alarms: Alarm[], extra: Partial<NormalisedMessage> = {}): NormalisedMessage {
  return fix(seconds, 22.7, 75.8, { kind: 'alarm', alarms, ...extra });
}

/** Runs messages through the pipeline at server time T0 + serverS seconds. */
function ingest(
  state: DeviceState,
  messages: NormalisedMessage[],
  serverS = 3600 * 2,
  batch = new Batch(),
): Batch {
  for (const m of messages) runPipeline(stages, state, m, new Date(T0 + serverS * 1000), batch);
  return batch;
}

describe('ingest pipeline', () => {
  it('drops zero coordinates and fixes more than 10 minutes ahead, but still refreshes last_packet_at', () => {
    const state = device();
    const batch = ingest(state, [fix(0, 0, 0), fix(7200 + 11 * 60, 22.7, 75.8)], 7200);
    expect(batch.positions).toHaveLength(0);
    expect(state.latest?.lastPacketAt.getTime()).toBe(T0 + 7200_000);
    expect(state.latest?.fixedAt).toBeNull();
  });

  it('counts haversine distance and accumulates the odometer; the device odometer wins when sent', () => {
    const state = device();
    const batch = ingest(state, [
      fix(0, 22.7, 75.8),
      fix(10, 22.7009, 75.8, { speedKph: 36 }),
      fix(20, 22.7018, 75.8, { odometerM: 5_000_000 }),
      fix(30, 22.7027, 75.8),
    ]);
    const [a, b, c, d] = batch.positions;
    expect(a?.distanceM).toBe(0);
    expect(b?.distanceM).toBeCloseTo(100.1, 0);
    expect(b?.odometerM).toBeCloseTo(100.1, 0);
    expect(c?.odometerM).toBe(5_000_000);
    expect(d?.odometerM).toBeCloseTo(5_000_100, -1);
    expect(b?.motion).toBe(true);
  });

  it('keeps an invalid fix flagged but does not count it, and flags an impossible jump', () => {
    const state = device();
    const batch = ingest(state, [
      fix(0, 22.7, 75.8),
      fix(10, 23.7, 75.8, { gpsValid: false }),
      fix(20, 22.7009, 75.8),
      fix(30, 22.9, 75.8),
      fix(40, 22.7018, 75.8),
    ]);
    const [, invalid, valid, jump, back] = batch.positions;
    expect(invalid).toMatchObject({ gpsValid: false, distanceM: 0 });
    expect(valid?.distanceM).toBeCloseTo(100.1, 0);
    expect(jump?.distanceM).toBe(0);
    expect(jump?.attrs).toMatchObject({ jump: { impliedKph: expect.any(Number) } });
    // stepDistance keeps its anchor across a jump: the fix after it counts from the last good one.
    expect(back?.distanceM).toBeCloseTo(100.1, 0);
    expect(back?.odometerM).toBeCloseTo(200.2, 0);
  });

  it('uses the derive distance rules: parked jitter without a moving speed adds nothing', () => {
    const state = device();
    const batch = ingest(state, [
      fix(0, 22.7, 75.8, { ignition: false }),
      fix(30, 22.7001, 75.8, { ignition: false }),
      fix(60, 22.7, 75.8001, { ignition: false }),
    ]);
    expect(batch.positions.map((p) => p.distanceM)).toEqual([0, 0, 0]);
    expect(state.distance.anchor).toMatchObject({ lat: 22.7, lon: 75.8 });
  });

  it('sets motion from speed > 3 km/h or > 50 m moved, and carries ignition forward', () => {
    const state = device();
    const batch = ingest(state, [
      fix(0, 22.7, 75.8, { ignition: true }),
      fix(60, 22.7, 75.8, { speedKph: 2 }),
      fix(120, 22.7006, 75.8, { speedKph: 0 }),
    ]);
    expect(batch.positions.map((p) => p.motion)).toEqual([false, false, true]);
    expect(batch.positions.map((p) => p.ignition)).toEqual([true, true, true]);
    expect(state.latest?.status).toBe('moving');
  });

  it('attributes each fix to the vehicle linked at its fix time', () => {
    const state = device();
    const batch = ingest(state, [fix(3599, 22.7, 75.8), fix(3600, 22.7, 75.8001)]);
    expect(batch.positions.map((p) => p.vehicleId)).toEqual([1n, 2n]);
    expect(batch.latest.get(7n)).toMatchObject({ vehicleId: 2n, organisationId: 300n });
  });

  it('stores late fixes without moving device_latest back, drops exact duplicates, marks late alarms', () => {
    const state = device();
    ingest(state, [fix(100, 22.7, 75.8)]);
    const batch = ingest(state, [fix(50, 22.71, 75.8, { alarms: ['overspeed'] }), fix(100, 22.7, 75.8)]);
    expect(batch.positions).toHaveLength(1);
    expect(batch.positions[0]).toMatchObject({ history: true, distanceM: null, attrs: { late: true } });
    expect(state.latest?.fixedAt?.toISOString()).toBe(at(100));
    expect(batch.newEvents).toEqual([
      expect.objectContaining({ type: 'overspeed', late: true, endedAt: expect.any(Date) }),
    ]);
  });

  it('opens one SOS event for repeats, closes it on sosOff, in one batch or across batches', () => {
    const state = device();
    const first = ingest(state, [alarm(0, ['sos']), alarm(5, ['sos']), alarm(10, ['sos'])]);
    expect(first.newEvents).toHaveLength(1);
    expect(first.newEvents[0]).toMatchObject({ type: 'sos', endedAt: null, repeatCount: 3 });
    const second = ingest(state, [alarm(20, ['sos']), alarm(30, ['sosOff'])]);
    expect(second.newEvents).toHaveLength(0);
    expect([...second.eventUpdates.values()]).toEqual([
      expect.objectContaining({ type: 'sos', repeatCount: 4, endedAt: new Date(at(30)) }),
    ]);
    const third = ingest(state, [alarm(40, ['sos']), alarm(41, ['sosOff'])]);
    expect(third.newEvents).toEqual([expect.objectContaining({ type: 'sos', endedAt: new Date(at(41)) })]);
  });

  it('ends an SOS nobody repeated for sosQuietS at its last press', () => {
    const state = device();
    ingest(state, [alarm(0, ['sos']), alarm(20, ['sos'])]);
    const later = ingest(state, [fix(20 + DEFAULT_DERIVE_SETTINGS.sosQuietS + 1, 22.7, 75.8)]);
    expect([...later.eventUpdates.values()]).toEqual([
      expect.objectContaining({ type: 'sos', repeatCount: 2, endedAt: new Date(at(20)) }),
    ]);
    expect(state.openAlarms.size).toBe(0);
  });

  it('keeps power cut open until power is back (alarm or a fix reporting main power)', () => {
    const state = device();
    const first = ingest(state, [alarm(0, ['powerCut']), alarm(5, ['powerCut'])]);
    expect(first.newEvents).toEqual([
      expect.objectContaining({ type: 'powerCut', endedAt: null, repeatCount: 2 }),
    ]);
    const later = ingest(state, [fix(3600, 22.7, 75.8, { mainPower: true })]);
    expect([...later.eventUpdates.values()]).toEqual([
      expect.objectContaining({ type: 'powerCut', endedAt: new Date(at(3600)) }),
    ]);
  });

  it('derives overspeed from the speed limit of the settings, ignoring the device alarm', () => {
    const state = device();
    const limited = createStages({
      settingsFor: () => ({ ...DEFAULT_DERIVE_SETTINGS, speedLimitKph: 50 }),
    });
    const batch = new Batch();
    const speeds = [40, 60, 65, 70, 45, 40, 40];
    speeds.forEach((speedKph, i) =>
      runPipeline(
        limited,
        state,
        fix(i * 10, 22.7 + i * 0.0015, 75.8, { speedKph, alarms: i === 0 ? ['overspeed'] : [] }),
        new Date(T0 + 7200_000),
        batch,
      ),
    );
    expect(batch.newEvents).toEqual([
      expect.objectContaining({ type: 'overspeed', startedAt: new Date(at(10)), endedAt: new Date(at(40)) }),
    ]);
  });

  it('deduplicates instant alarms within a minute and ignores ignition changes', () => {
    const state = device();
    const batch = ingest(state, [
      alarm(0, ['overspeed', 'ignitionOn']),
      alarm(30, ['overspeed']),
      alarm(90, ['overspeed']),
    ]);
    expect(batch.newEvents.map((e) => [e.type, e.startedAt.toISOString()])).toEqual([
      ['overspeed', at(0)],
      ['overspeed', at(90)],
    ]);
  });
});
