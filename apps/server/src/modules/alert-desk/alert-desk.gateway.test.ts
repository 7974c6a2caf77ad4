/**
 * The desk end to end over real TCP: an AIS-140 emergency (`$,EPB,EMR`) and a wire-cut packet through the real
 * ingest path open desk alerts (desk_status 'new'), a harsh-braking alert does not; the desk lists the SOS, and
 * emergency off from the desk reaches the connected device as `SET EO`.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertDeskEmergencyOffResult, AlertDeskPage } from '@civicfleet/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { rows } from '../../db/client.ts';
import { startGateway, type Gateway } from '../../gateway/gateway.ts';
import {
  eventually,
  INDORE,
  organisationId,
  seedTrackedVehicle,
  testGatewayConfig,
  type TrackedVehicle,
} from '../../gateway/testing/fleet.ts';
import { TcpDevice } from '../../gateway/testing/tcp-device.ts';

const IMEI = '868997031700001';

const two = (n: number) => String(n).padStart(2, '0');
/** ddMMyyyy and HHmmss (UTC) of a time, as AIS-140 packets carry them. */
function stamp(at: Date): { date: string; time: string } {
  return {
    date: `${two(at.getUTCDate())}${two(at.getUTCMonth() + 1)}${at.getUTCFullYear()}`,
    time: `${two(at.getUTCHours())}${two(at.getUTCMinutes())}${two(at.getUTCSeconds())}`,
  };
}

/** Wetrack140 / MARK emergency message (research packets.json), with our IMEI and time. */
function emergencyPacket(at: Date): Buffer {
  const { date, time } = stamp(at);
  return Buffer.from(
    `$,EPB,EMR,${IMEI},NM,${date}${time},A,22.719600,N,075.857700,E,520.00,0.1,0.0,G,NA00000000,N.A0000000,*\r\n`,
  );
}

/** MARK normal packet (research packets.json) of packet type and alert id `kind` (`HB,13`, `WD,16`). */
function trackingPacket(kind: string, at: Date): Buffer {
  const { date, time } = stamp(at);
  return Buffer.from(
    `$,NRM,MARK,V0.0.1,${kind},L,${IMEI},000000000,1,${date},${time},22.719700,N,75.857800,E,0.6,1.40,13,` +
      '211.2,1.4,0.7,IDEA,0,1,0.1,3.7,0,N,20,404,60,A5F,FD3F,A5F,6F88,29,A5F,5855,18,A5F,6F87,18,A5F,FD41,14,' +
      '0000,00,0.1,0,000027,0,0,0,4E9C,*\r\n',
  );
}

describe('desk alerts from the gateway', () => {
  let t: TestApp;
  let gateway: Gateway;
  let tracked: TrackedVehicle;
  let device: TcpDevice | undefined;

  beforeAll(async () => {
    t = await createTestApp();
    tracked = await seedTrackedVehicle(t.db, {
      imei: IMEI,
      protocol: 'ais140',
      organisationId: await organisationId(t.db, INDORE),
      registrationNumber: 'MP09GW0001',
    });
    gateway = await startGateway({ database: t.database, bus: t.bus, config: testGatewayConfig() });
  });
  afterAll(async () => {
    device?.close();
    await gateway?.stop();
    await t?.close();
  });

  it('marks only desk alert types new at insert, lists them, and delivers emergency off', async () => {
    const now = Date.now();
    device = await TcpDevice.connect(gateway.ports.ais140 ?? 0);
    await device.write(emergencyPacket(new Date(now - 180_000)));
    await device.write(trackingPacket('HB,13', new Date(now - 120_000)));
    await device.write(trackingPacket('WD,16', new Date(now - 60_000)));

    const found = await eventually(async () => {
      const events = await rows<{ id: string; type: string; desk_status: string | null }>(
        t.db,
        sql`select id::text, type, desk_status from events where device_id = ${tracked.deviceId} order by started_at`,
      );
      return events.length === 3 ? events : null;
    });
    expect(found.map((e) => [e.type, e.desk_status])).toEqual([
      ['sos', 'new'],
      ['harshBraking', null],
      ['wireCut', 'new'],
    ]);
    const sosId = found[0]?.id ?? '';

    const desk = (await t.call('ADMIN', 'GET', '/v1/alert-desk?search=MP09GW0001')).json() as {
      data: AlertDeskPage;
    };
    expect(desk.data.items.map((i) => [i.type, i.deskStatus, i.vehicleRegistration])).toEqual([
      ['wireCut', 'new', 'MP09GW0001'],
      ['sos', 'new', 'MP09GW0001'],
    ]);

    const res = await t.call('ADMIN', 'POST', `/v1/alert-desk/${sosId}/emergency-off`, { confirm: true });
    expect(res.statusCode, res.body).toBe(200);
    const { command } = (res.json() as { data: AlertDeskEmergencyOffResult }).data;
    expect((await device.read(6)).toString('ascii')).toBe('SET EO');
    const status = await eventually(async () => {
      const [row] = await rows<{ status: string }>(
        t.db,
        sql`select status from commands where id = ${BigInt(command.id)}`,
      );
      return row?.status === 'sent' ? row.status : null;
    });
    expect(status).toBe('sent');
  });
});
