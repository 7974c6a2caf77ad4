/**
 * POST /v1/report/<id>/run for the alert family: the shared filter rules ('Atlest one filter is required'), each
 * report's own filter checks and required-vehicle messages, 403 without the report's module, and another
 * organisation's vehicles, devices and alerts invisible.
 */
import { ALERT_REPORTS, type ReportRun } from '@civicfleet/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { events, rawLogs } from '../../../db/schema/index.ts';
import {
  BHOPAL,
  INDORE,
  organisationId,
  seedTrackedVehicle,
  type TrackedVehicle,
} from '../../../gateway/testing/fleet.ts';
import { useTestApp } from '../../../../test/helpers.ts';

const RANGE = { from: '2026-11-10T00:00:00+05:30', to: '2026-11-10T23:59:59.999+05:30' };
const IDS = Object.keys(ALERT_REPORTS);

describe('alert family report routes', () => {
  const t = useTestApp({ clock: () => new Date('2026-11-10T12:00:00Z') });
  let indore: bigint;
  let bhopal: bigint;
  let mine: TrackedVehicle;
  let theirs: TrackedVehicle;

  beforeAll(async () => {
    indore = await organisationId(t.db, INDORE);
    bhopal = await organisationId(t.db, BHOPAL);
    mine = await seedTrackedVehicle(t.db, {
      imei: '861000000000951',
      protocol: 'ais140',
      organisationId: indore,
      registrationNumber: 'MP09RA0001',
    });
    theirs = await seedTrackedVehicle(t.db, {
      imei: '861000000000952',
      protocol: 'ais140',
      organisationId: bhopal,
      registrationNumber: 'MP04RA0002',
    });
    const at = new Date('2026-11-10T05:00:00Z');
    const event = (v: TrackedVehicle, org: bigint, type: string) => ({
      deviceId: v.deviceId,
      vehicleId: v.vehicleId,
      organisationId: org,
      type,
      startedAt: at,
      lastAt: at,
      endedAt: at,
    });
    await t.db
      .insert(events)
      .values([event(mine, indore, 'sos'), event(mine, indore, 'overspeed'), event(theirs, bhopal, 'sos')]);
    await t.db.insert(rawLogs).values(
      [mine, theirs].map((v) => ({
        receivedAt: at,
        deviceId: v.deviceId,
        imei: v.imei,
        protocol: 'ais140',
        bytes: Buffer.from('$HBT*\r\n'),
      })),
    );
  });

  const post = (who: string, id: string, body: unknown) => t.call(who, 'POST', `/v1/report/${id}/run`, body);

  it.each(IDS)('%s: an empty filter answers the spec message; 403 without its module', async (id) => {
    const empty = await post('ADMIN', id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ success: false, message: 'Atlest one filter is required' });
    expect((await post('FITTER', id, { ...RANGE, vehicleId: String(mine.vehicleId) })).statusCode).toBe(403);
  });

  it('alert and sosalert: only the caller’s organisation, filtered by type', async () => {
    const all = await post('ADMIN', 'alert', RANGE);
    expect(all.statusCode, all.body).toBe(200);
    const rows = (all.json().data as ReportRun).rows;
    expect(rows.map((r) => [r.regNo, r.typeKey])).toEqual([
      ['MP09RA0001', 'sos'],
      ['MP09RA0001', 'overspeed'],
    ]);
    const typed = await post('ADMIN', 'alert', { ...RANGE, alertTypes: ['overspeed'] });
    expect((typed.json().data as ReportRun).rows.map((r) => r.type)).toEqual(['Overspeed']);
    const bad = await post('ADMIN', 'alert', { ...RANGE, alertTypes: ['sosOff'] });
    expect(bad.statusCode).toBe(400);
    const sos = await post('ADMIN', 'sosalert', RANGE);
    expect((sos.json().data as ReportRun).rows.map((r) => r.regNo)).toEqual(['MP09RA0001']);
    expect(
      (await post('ADMIN', 'sosalert', { ...RANGE, vehicleId: String(theirs.vehicleId) })).statusCode,
    ).toBe(404);
    expect((await post('ADMIN', 'alert', { ...RANGE, organisationId: String(bhopal) })).statusCode).toBe(404);
    const range = await post('ADMIN', 'alert', { vehicleId: String(mine.vehicleId) });
    expect(range.json().message).toBe('Choose From Time and To Time for this report');
  });

  it('alert-grouped: groupBy is checked', async () => {
    const res = await post('ADMIN', 'alert-grouped', { ...RANGE, groupBy: 'ward' });
    expect(res.statusCode).toBe(200);
    expect((res.json().data as ReportRun).rows).toEqual([
      expect.objectContaining({ sos: 1, overspeed: 1, total: 2, wardId: null }),
    ]);
    expect((await post('ADMIN', 'alert-grouped', { ...RANGE, groupBy: 'zone' })).statusCode).toBe(400);
  });

  it('offline: the threshold is checked; a range is optional', async () => {
    const res = await post('ADMIN', 'offline', { vehicleId: String(mine.vehicleId) });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as ReportRun).rows).toEqual([
      expect.objectContaining({ regNo: 'MP09RA0001', reasonKey: 'never-connected' }),
    ]);
    const bad = await post('ADMIN', 'offline', { vehicleId: String(mine.vehicleId), offlineForMin: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Offline for must be between 1 and 43,200 minutes');
    expect((await post('ADMIN', 'offline', { vehicleId: String(theirs.vehicleId) })).statusCode).toBe(404);
  });

  it('vehicle-timeline: a vehicle is required, 7 days at most', async () => {
    const res = await post('ADMIN', 'vehicle-timeline', RANGE);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Choose a vehicle');
    const long = await post('ADMIN', 'vehicle-timeline', {
      from: '2026-11-01T00:00:00+05:30',
      to: '2026-11-08T23:59:59.999+05:30',
      vehicleId: String(mine.vehicleId),
    });
    expect(long.json().message).toBe('Choose at most 7 days for this report');
    const ok = await post('ADMIN', 'vehicle-timeline', { ...RANGE, vehicleId: String(mine.vehicleId) });
    expect(ok.statusCode).toBe(200);
    expect(
      (await post('ADMIN', 'vehicle-timeline', { ...RANGE, vehicleId: String(theirs.vehicleId) })).statusCode,
    ).toBe(404);
  });

  it('raw-logs: a vehicle or an IMEI, one day; another organisation’s device is not found', async () => {
    const none = await post('ADMIN', 'raw-logs', RANGE);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Choose a vehicle or an IMEI');
    expect((await post('ADMIN', 'raw-logs', { ...RANGE, imei: '12ab' })).json().message).toBe(
      'IMEI must be 15 digits',
    );
    const long = await post('ADMIN', 'raw-logs', {
      from: '2026-11-09T00:00:00+05:30',
      to: RANGE.to,
      imei: mine.imei,
    });
    expect(long.json().message).toBe('Choose at most 1 days for this report');
    const ok = await post('ADMIN', 'raw-logs', { ...RANGE, imei: mine.imei });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json().data as ReportRun).rows).toEqual([
      expect.objectContaining({ imei: mine.imei, protocol: 'ais140', raw: '$HBT*' }),
    ]);
    // Another organisation's IMEI looks like an unknown one: no frames.
    const hidden = await post('ADMIN', 'raw-logs', { ...RANGE, imei: theirs.imei });
    expect(hidden.statusCode).toBe(200);
    expect((hidden.json().data as ReportRun).rows).toEqual([]);
    const everything = await post('SUPER_ADMIN', 'raw-logs', { ...RANGE, imei: theirs.imei });
    expect((everything.json().data as ReportRun).rows).toHaveLength(1);
    expect(
      (await post('ADMIN', 'raw-logs', { ...RANGE, vehicleId: String(theirs.vehicleId) })).statusCode,
    ).toBe(404);
  });
});
