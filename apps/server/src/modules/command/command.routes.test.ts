/**
 * Device commands end to end over real TCP into a real database: POST /v1/command → bus → the gateway writes the
 * protocol frame to the connected device → its command-response answers the command; commands to an offline device
 * wait and go out after the next identification; scope, permission and unsupported commands.
 */
import { getCodec } from '@civicfleet/protocols';
import type { Command } from '@civicfleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { startGateway, type Gateway } from '../../gateway/gateway.ts';
import {
  eventually,
  INDORE,
  organisationId,
  seedTrackedVehicle,
  testGatewayConfig,
  type TrackedVehicle,
} from '../../gateway/testing/fleet.ts';
import { gt06Ack, gt06Frame, gt06Login, teltonikaHandshake, toHex } from '../../gateway/testing/packets.ts';
import { TcpDevice } from '../../gateway/testing/tcp-device.ts';

const BHOPAL_ADMIN = 'admin.bhopal@demo.civicfleet.in';

describe('/v1/command', () => {
  let t: TestApp;
  let gateway: Gateway;
  let gt06: TrackedVehicle;
  let teltonika: TrackedVehicle;
  let ais140: TrackedVehicle;
  const devices: TcpDevice[] = [];

  const send = async (who: string, body: object) => {
    const res = await t.call(who, 'POST', '/v1/command', body);
    return { status: res.statusCode, body: res.json() as { data: Command; message: string } };
  };
  const log = async (deviceId: bigint) => {
    const res = await t.call('ADMIN', 'GET', `/v1/command?deviceId=${deviceId}`);
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: Command[] }).data;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const indore = await organisationId(t.db, INDORE);
    const seed = (imei: string, protocol: 'gt06' | 'teltonika' | 'ais140', registrationNumber: string) =>
      seedTrackedVehicle(t.db, { imei, protocol, organisationId: indore, registrationNumber });
    gt06 = await seed('359710049095101', 'gt06', 'MP09CM0001');
    teltonika = await seed('356307042441102', 'teltonika', 'MP09CM0002');
    ais140 = await seed('864000000000103', 'ais140', 'MP09CM0003');
    gateway = await startGateway({ database: t.database, bus: t.bus, config: testGatewayConfig() });
  });
  afterAll(async () => {
    for (const d of devices) d.close();
    await gateway?.stop();
    await t?.close();
  });

  it('delivers a command to a connected GT06 device and records its 0x15 answer', async () => {
    const device = await TcpDevice.connect(gateway.ports.gt06 ?? 0);
    devices.push(device);
    await device.write(gt06Login(gt06.imei, 1));
    expect(toHex(await device.read(10))).toBe(toHex(gt06Ack(0x01, 1)));
    await eventually(async () => gateway.registry.get(gt06.imei));

    await t.stepUp('ADMIN'); // engine stop needs the password confirmed (immobiliser.ts)
    const { status, body } = await send('ADMIN', { deviceId: String(gt06.deviceId), type: 'engineStop' });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ type: 'engineStop', text: 'RELAY,1#', status: 'queued' });

    const id = Number(body.data.id);
    const expected = getCodec('gt06').encodeCommand({ text: 'RELAY,1#', id }, { imei: gt06.imei });
    const frame = await device.read(expected.length);
    expect(toHex(frame)).toBe(toHex(expected));
    expect(frame[3]).toBe(0x80);
    expect(frame.toString('latin1')).toContain('RELAY,1#');
    expect((await log(gt06.deviceId))[0]).toMatchObject({ status: 'sent' });

    const answer = 'Cut off the fuel supply: Success!';
    const flag = [(id >>> 24) & 0xff, (id >>> 16) & 0xff, (id >>> 8) & 0xff, id & 0xff];
    await device.write(gt06Frame(0x15, [4 + answer.length, ...flag, ...Buffer.from(answer, 'latin1')], 2));
    const answered = await eventually(async () => {
      const [latest] = await log(gt06.deviceId);
      return latest?.status === 'answered' ? latest : null;
    });
    expect(answered).toMatchObject({ id: body.data.id, response: answer });
    expect(answered.answeredAt).not.toBeNull();
  });

  it('keeps a command for an offline Teltonika device queued and sends it after the IMEI handshake', async () => {
    const { status, body } = await send('ADMIN', { deviceId: String(teltonika.deviceId), type: 'getInfo' });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ text: 'getinfo', status: 'queued' });
    expect((await log(teltonika.deviceId))[0]).toMatchObject({ id: body.data.id, status: 'queued' });

    const device = await TcpDevice.connect(gateway.ports.teltonika ?? 0);
    devices.push(device);
    await device.write(teltonikaHandshake(teltonika.imei));
    expect(toHex(await device.read(1))).toBe('01');
    const expected = getCodec('teltonika').encodeCommand({ text: 'getinfo', id: 0 }, { imei: null });
    expect(toHex(await device.read(expected.length))).toBe(toHex(expected));
    expect((await log(teltonika.deviceId))[0]).toMatchObject({ id: body.data.id, status: 'sent' });
  });

  it('lists the command log newest first', async () => {
    await send('ADMIN', { deviceId: String(ais140.deviceId), type: 'custom', params: { text: 'SET SL:60' } });
    await send('ADMIN', { deviceId: String(ais140.deviceId), type: 'getInfo' });
    expect((await log(ais140.deviceId)).map((c) => c.text)).toEqual(['GET VER', 'SET SL:60']);
  });

  it('rejects AIS-140 engine stop, other organisations’ devices and callers without send-command', async () => {
    const stop = await send('ADMIN', { deviceId: String(ais140.deviceId), type: 'engineStop' });
    expect(stop.status).toBe(400);
    expect(stop.body.message).toMatch(/AIS-140 devices do not support the engineStop command/);
    expect((await send(BHOPAL_ADMIN, { deviceId: String(gt06.deviceId), type: 'engineStop' })).status).toBe(
      404,
    );
    const other = await t.call(BHOPAL_ADMIN, 'GET', `/v1/command?deviceId=${gt06.deviceId}`);
    expect(other.statusCode).toBe(404);
    expect((await send('FITTER', { deviceId: String(gt06.deviceId), type: 'engineStop' })).status).toBe(403);
    expect((await send('ADMIN', { deviceId: String(gt06.deviceId), type: 'custom' })).status).toBe(400);
  });
});
