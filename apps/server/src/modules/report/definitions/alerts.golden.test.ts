/**
 * Golden: the alert family's reports over a deterministic fleet sent through the real ingest pipeline and derive
 * stage (alerts.golden-fleet.ts: SOS, tamper, overspeed, power cut, a GPS gap across IST midnight, late history
 * packets with a harsh-braking alarm, the desk's SOS history, raw frames around midnight). Exact rows; ids left out.
 */
import { ALARMS } from '@civicfleet/protocols';
import { ALERT_TYPES, SERVER_ALERT_TYPES, type ReportRow, type ReportRun } from '@civicfleet/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers.ts';
import { ist } from '../../../derive/testing/track.ts';
import {
  ALERT_RANGE,
  recordDeskHistory,
  seedAlertFleet,
  seedRawFrames,
  type AlertFleet,
} from './alerts.golden-fleet.ts';
import { offlineReasonOf } from './offline.ts';

const NOW = ist('2026-11-21 02:00');
const DAY_20 = { from: '2026-11-20T00:00:00+05:30', to: '2026-11-20T23:59:59.999+05:30' };
const IDS = new Set(['vehicleId', 'alertId', 'wardId', 'decoded']);
const VEHICLE_A = { zone: 'AL Zone', ward: 'AL Ward 1', model: 'Tata Ace', regNo: 'MP09AL0001' };
const VEHICLE_B = { ...VEHICLE_A, regNo: 'MP09AL0002' };
const VEHICLE_C = { ...VEHICLE_A, model: 'Eicher Pro', regNo: 'MP09AL0003' };
const VEHICLE_D = { ...VEHICLE_A, model: 'Eicher Pro', regNo: 'MP09AL0004' };
const DEPOT = 'near AL Depot, Ward 15 Sarafa, Zone 3';

const withoutIds = (rows: ReportRow[]) =>
  rows.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => !IDS.has(key))));

describe('alert family reports (golden)', () => {
  const t = useTestApp({ clock: () => NOW });
  let fleet: AlertFleet;
  let raw: Awaited<ReturnType<typeof seedRawFrames>>;

  beforeAll(async () => {
    fleet = await seedAlertFleet(t);
    const operator = BigInt((await t.signIn('ADMIN')).user.id);
    const assignee = BigInt((await t.signIn('SUPER_ADMIN')).user.id);
    await recordDeskHistory(t, fleet, operator, assignee);
    raw = await seedRawFrames(t);
  }, 120_000);

  const run = async (id: string, filter: Record<string, unknown>) => {
    const res = await t.call('SUPER_ADMIN', 'POST', `/v1/report/${id}/run`, filter);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ReportRun;
  };
  const org = () => ({ organisationId: String(fleet.organisationId) });

  it('the label catalogue covers only ALARMS that open alerts', () => {
    for (const type of ALERT_TYPES) if (!SERVER_ALERT_TYPES.includes(type)) expect(ALARMS).toContain(type);
  });

  it('alert: every alert in time order, late history marked, geofence, desk state', async () => {
    const data = await run('alert', { ...ALERT_RANGE, ...org() });
    expect(withoutIds(data.rows)).toEqual([
      {
        sr: 1,
        ...VEHICLE_B,
        startedAt: '2026-11-20T15:40:00.000Z',
        endedAt: '2026-11-20T15:40:00.000Z',
        type: 'SOS',
        place: DEPOT,
        latLon: '22.71860,75.85510',
        geofence: 'AL Depot',
        state: 'Closed',
        repeats: 1,
        late: false,
        typeKey: 'sos',
      },
      {
        sr: 2,
        ...VEHICLE_A,
        startedAt: '2026-11-20T17:03:00.000Z',
        endedAt: '2026-11-20T17:03:30.000Z',
        type: 'SOS',
        place: DEPOT,
        latLon: '22.71860,75.85510',
        geofence: 'AL Depot',
        state: 'Acknowledged',
        repeats: 2,
        late: false,
        typeKey: 'sos',
      },
      {
        sr: 3,
        ...VEHICLE_A,
        startedAt: '2026-11-20T17:05:10.000Z',
        endedAt: '2026-11-20T17:10:00.000Z',
        type: 'Overspeed',
        place: 'Ward 15 Sarafa, Zone 3',
        latLon: '22.71860,75.85835',
        geofence: null,
        state: 'Closed',
        repeats: 1,
        late: false,
        typeKey: 'overspeed',
      },
      {
        sr: 4,
        ...VEHICLE_A,
        startedAt: '2026-11-20T17:15:00.000Z',
        endedAt: '2026-11-20T17:15:00.000Z',
        type: 'Tamper',
        place: 'Ward 41 Geeta Bhawan, Zone 7',
        latLon: '22.71860,75.89410',
        geofence: null,
        state: 'New',
        repeats: 1,
        late: false,
        typeKey: 'tamper',
      },
      {
        // 00:22 IST on the 21st, received late as history at 00:40.
        sr: 5,
        ...VEHICLE_A,
        startedAt: '2026-11-20T18:52:00.000Z',
        endedAt: '2026-11-20T18:52:00.000Z',
        type: 'Harsh Braking',
        place: 'Ward 39 Palasia, Zone 7',
        latLon: '22.72759,75.89410',
        geofence: null,
        state: 'Closed',
        repeats: 1,
        late: true,
        typeKey: 'harshBraking',
      },
      {
        sr: 6,
        ...VEHICLE_A,
        startedAt: '2026-11-20T19:00:00.000Z',
        endedAt: null,
        type: 'Power Cut',
        place: 'Ward 39 Palasia, Zone 7',
        latLon: '22.73658,75.89410',
        geofence: null,
        state: 'New',
        repeats: 1,
        late: false,
        typeKey: 'powerCut',
      },
    ]);
    const only = await run('alert', { ...ALERT_RANGE, ...org(), alertTypes: ['tamper', 'harshBraking'] });
    expect(only.rows.map((r) => r.type)).toEqual(['Tamper', 'Harsh Braking']);
    // The day of the 20th (IST) ends before the late harsh braking and the power cut.
    const day = await run('alert', { ...DAY_20, vehicleId: String(fleet.a.vehicleId) });
    expect(day.rows.map((r) => r.typeKey)).toEqual(['sos', 'overspeed', 'tamper']);
  });

  it('sosalert: the desk history and response times, with median and p90', async () => {
    const data = await run('sosalert', { ...ALERT_RANGE, ...org() });
    expect(withoutIds(data.rows)).toEqual([
      {
        sr: 1,
        ...VEHICLE_B,
        startedAt: '2026-11-20T15:40:00.000Z',
        endedAt: '2026-11-20T15:40:00.000Z',
        place: DEPOT,
        latLon: '22.71860,75.85510',
        state: 'Closed',
        acknowledgedBy: 'Rakesh Verma',
        acknowledgedAt: '2026-11-20T15:42:00.000Z',
        assignedTo: 'Aditi Sharma',
        closedBy: 'Rakesh Verma',
        closedAt: '2026-11-20T16:10:00.000Z',
        resolution: 'False alarm',
        notes: 2,
        acknowledgeS: 120,
        closeS: 1800,
        repeats: 1,
        late: false,
      },
      {
        sr: 2,
        ...VEHICLE_A,
        startedAt: '2026-11-20T17:03:00.000Z',
        endedAt: '2026-11-20T17:03:30.000Z',
        place: DEPOT,
        latLon: '22.71860,75.85510',
        state: 'Acknowledged',
        acknowledgedBy: 'Rakesh Verma',
        acknowledgedAt: '2026-11-20T17:08:30.000Z',
        assignedTo: null,
        closedBy: null,
        closedAt: null,
        resolution: null,
        notes: 0,
        acknowledgeS: 330,
        closeS: null,
        repeats: 2,
        late: false,
      },
    ]);
    expect(data.meta).toEqual({
      count: 2,
      acknowledged: 2,
      closed: 1,
      medianAcknowledgeS: 120,
      p90AcknowledgeS: 330,
      medianCloseS: 1800,
      p90CloseS: 1800,
    });
  });

  it('alert-grouped: counts per vehicle and per ward, only the types present', async () => {
    const byVehicle = await run('alert-grouped', { ...ALERT_RANGE, ...org() });
    expect(byVehicle.columns).toEqual([
      'sr',
      'zone',
      'ward',
      'model',
      'regNo',
      'sos',
      'overspeed',
      'tamper',
      'powerCut',
      'harshBraking',
      'total',
      'vehicleId',
      'wardId',
    ]);
    expect(withoutIds(byVehicle.rows)).toEqual([
      { sr: 1, ...VEHICLE_A, sos: 1, overspeed: 1, tamper: 1, powerCut: 1, harshBraking: 1, total: 5 },
      { sr: 2, ...VEHICLE_B, sos: 1, overspeed: 0, tamper: 0, powerCut: 0, harshBraking: 0, total: 1 },
    ]);
    expect(byVehicle.rows[0]?.vehicleId).toBe(String(fleet.a.vehicleId));
    const byWard = await run('alert-grouped', { ...ALERT_RANGE, ...org(), groupBy: 'ward' });
    expect(byWard.columns).not.toContain('regNo');
    expect(withoutIds(byWard.rows)).toEqual([
      {
        sr: 1,
        zone: 'AL Zone',
        ward: 'AL Ward 1',
        sos: 2,
        overspeed: 1,
        tamper: 1,
        powerCut: 1,
        harshBraking: 1,
        total: 6,
      },
    ]);
    expect(byWard.rows[0]?.wardId).toBe(String(fleet.wardId));
  });

  it('offline: as of now, with the inferred reason; never connected listed', async () => {
    const data = await run('offline', org());
    expect(data.meta).toEqual({ offlineForMin: 15, asOf: '21/11/2026 02:00:00' });
    expect(withoutIds(data.rows)).toEqual([
      {
        // The last packet is the late history batch received at 00:40; the last fix said main power off.
        sr: 1,
        ...VEHICLE_A,
        since: '2026-11-20T19:10:00.000Z',
        offlineS: 4800,
        place: 'Ward 39 Palasia, Zone 7',
        latLon: '22.73658,75.89410',
        reason: 'Power cut',
        reasonKey: 'power-cut',
      },
      {
        sr: 2,
        ...VEHICLE_B,
        since: '2026-11-20T16:00:02.000Z',
        offlineS: 16_198,
        place: DEPOT,
        latLon: '22.71860,75.85510',
        reason: 'SIM / network',
        reasonKey: 'network',
      },
      {
        sr: 3,
        ...VEHICLE_C,
        since: '2026-11-20T14:50:02.000Z',
        offlineS: 20_398,
        place: DEPOT,
        latLon: '22.71860,75.85510',
        reason: 'Device',
        reasonKey: 'device',
      },
      {
        sr: 4,
        ...VEHICLE_D,
        since: null,
        offlineS: null,
        place: null,
        latLon: null,
        reason: 'never connected',
        reasonKey: 'never-connected',
      },
      {
        sr: 5,
        zone: null,
        ward: null,
        model: null,
        regNo: 'MP09AL0005',
        since: null,
        offlineS: null,
        place: null,
        latLon: null,
        reason: 'never connected',
        reasonKey: 'never-connected',
      },
    ]);
    // With a range: last packet inside the 20th, silent 60+ minutes as of its end (A spoke after midnight).
    const ranged = await run('offline', { ...org(), ...DAY_20, offlineForMin: 60 });
    expect(ranged.meta).toEqual({ offlineForMin: 60, asOf: '20/11/2026 23:59:59' });
    expect(ranged.rows.map((r) => [r.regNo, r.offlineS, r.reasonKey])).toEqual([
      ['MP09AL0002', 8998, 'network'],
      ['MP09AL0003', 13_198, 'device'],
    ]);
    expect(
      offlineReasonOf({
        mainPower: true,
        gsmSignal: 20,
        offlineReason: 'power-cut',
        lastFixWasHistory: false,
      }),
    ).toBe('power-cut');
    expect(
      offlineReasonOf({ mainPower: null, gsmSignal: null, offlineReason: 'silent', lastFixWasHistory: true }),
    ).toBe('network');
  });

  it('vehicle-timeline: spans across IST midnight, the gap as offline, late history re-derived as moving', async () => {
    const data = await run('vehicle-timeline', { ...ALERT_RANGE, vehicleId: String(fleet.a.vehicleId) });
    const span = (
      state: string,
      from: string,
      to: string,
      durationS: number,
      distance: number,
      start: string,
      end: string,
      open = false,
    ) => ({
      state,
      startedAt: from,
      endedAt: to,
      durationS,
      distance,
      startPlace: start,
      endPlace: end,
      open,
      kind: state.toLowerCase(),
    });
    const rows = withoutIds(data.rows).map(({ sr: _sr, ...row }) => ({
      ...row,
      distance: Math.round(Number(row.distance)),
    }));
    const GEETA = 'Ward 41 Geeta Bhawan, Zone 7';
    const PALASIA = 'Ward 39 Palasia, Zone 7';
    expect(rows).toEqual([
      span('Stopped', '2026-11-20T17:00:00.000Z', '2026-11-20T17:05:00.000Z', 300, 0, DEPOT, DEPOT),
      span('Moving', '2026-11-20T17:05:00.000Z', '2026-11-20T17:09:00.000Z', 240, 4000, DEPOT, GEETA),
      span('Stopped', '2026-11-20T17:09:00.000Z', '2026-11-20T18:20:00.000Z', 4260, 0, GEETA, GEETA),
      // 23:50 → 00:20:10 IST: the silence across midnight.
      span('Offline', '2026-11-20T18:20:00.000Z', '2026-11-20T18:50:10.000Z', 1810, 83, GEETA, GEETA),
      span('Moving', '2026-11-20T18:50:10.000Z', '2026-11-20T18:54:00.000Z', 230, 1917, GEETA, PALASIA),
      // Still open on the device (device_derive_state).
      span('Stopped', '2026-11-20T18:54:00.000Z', '2026-11-20T19:04:00.000Z', 600, 0, PALASIA, PALASIA, true),
    ]);
    const clipped = await run('vehicle-timeline', { ...DAY_20, vehicleId: String(fleet.a.vehicleId) });
    expect(clipped.rows.at(-1)).toMatchObject({
      state: 'Offline',
      endedAt: '2026-11-20T18:29:59.999Z',
      durationS: 600,
    });
  });

  it('raw-logs: one day of one device, decoded, the frame after midnight left out', async () => {
    const data = await run('raw-logs', { ...DAY_20, vehicleId: String(raw.vehicleId) });
    expect(
      withoutIds(data.rows).map(({ raw: text, ...row }) => ({ ...row, raw: String(text).slice(0, 13) })),
    ).toEqual([
      {
        sr: 1,
        receivedAt: '2026-11-20T04:30:00.000Z',
        protocol: 'ais140',
        imei: '869867036345389',
        kind: 'alarm',
        summary: 'alarm · 0 km/h · no GPS fix · alarms: sos',
        checksumOk: true,
        decodeError: null,
        raw: '$EPB,EMR,8698',
      },
      {
        sr: 2,
        receivedAt: '2026-11-20T06:30:00.000Z',
        protocol: 'ais140',
        imei: '869867036345389',
        kind: null,
        summary: null,
        checksumOk: false,
        decodeError: 'not an AIS-140 frame',
        raw: '78784100',
      },
      {
        sr: 3,
        receivedAt: '2026-11-20T18:29:50.000Z',
        protocol: 'ais140',
        imei: '869867036345389',
        kind: 'position',
        summary: 'position · 25.12891,75.85588 · 8 km/h · ign on',
        checksumOk: true,
        decodeError: null,
        raw: '$NRM,ROADRPA,',
      },
    ]);
    expect(JSON.parse(String(data.rows[2]?.decoded))).toMatchObject([{ kind: 'position', satellites: 14 }]);
    const byImei = await run('raw-logs', { ...DAY_20, imei: '869867036345389' });
    expect(byImei.rows).toHaveLength(3);
  });
});
