/**
 * Command responses matched to their command, over real TCP into a real database: POST /v1/command → the device
 * receives the frame → it answers → GET /v1/command shows the answer on the right command. GT06 by the echoed
 * server flag, Teltonika Codec 12 in order, AIS-140 by the parameter key; answers that match nothing are not
 * attached (they stay in raw_logs). Also the GT06 0x8A time request answered with the gateway's clock.
 */
import { emptyMessage, getCodec, type NormalisedMessage } from '@civicfleet/protocols';
import type { Command } from '@civicfleet/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { rows } from '../db/client.ts';
import { IN_ORDER_ANSWER_WINDOW_MS, matchCommandResponse } from './commands.ts';
import { startGateway, type Gateway } from './gateway.ts';
import {
  eventually,
  INDORE,
  organisationId,
  seedTrackedVehicle,
  sleep,
  testGatewayConfig,
  type TrackedVehicle,
} from './testing/fleet.ts';
import { gt06Ack, gt06Frame, gt06Login, teltonikaHandshake, toHex } from './testing/packets.ts';
import { TcpDevice } from './testing/tcp-device.ts';

/** GT06 0x15 answer echoing `flag` (4 bytes), as the device sends it. */
function gt06Answer(flag: number, text: string, serial: number): Uint8Array {
  const flagBytes = [(flag >>> 24) & 0xff, (flag >>> 16) & 0xff, (flag >>> 8) & 0xff, flag & 0xff];
  return gt06Frame(0x15, [4 + text.length, ...flagBytes, ...Buffer.from(text, 'latin1')], serial);
}

/** Teltonika Codec 12 response (type 0x06) over TCP, CRC-16/IBM over codec id .. quantity 2. */
function codec12Response(text: string): Uint8Array {
  const body = [0x0c, 0x01, 0x06, 0, 0, 0, text.length, ...Buffer.from(text, 'latin1'), 0x01];
  let crc = 0;
  for (const byte of body) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  const out = Buffer.alloc(8 + body.length + 4);
  out.writeUInt32BE(body.length, 4);
  Buffer.from(body).copy(out, 8);
  out.writeUInt32BE(crc, 8 + body.length);
  return out;
}

describe('command responses over TCP', () => {
  let t: TestApp;
  let gateway: Gateway;
  let gt06: TrackedVehicle;
  let teltonika: TrackedVehicle;
  let ais140: TrackedVehicle;
  const devices: TcpDevice[] = [];

  const send = async (deviceId: bigint, type: string, text?: string) => {
    const body = { deviceId: String(deviceId), type, ...(text ? { params: { text } } : {}) };
    const res = await t.call('ADMIN', 'POST', '/v1/command', body);
    expect(res.statusCode).toBe(201);
    return (res.json() as { data: Command }).data;
  };
  const log = async (deviceId: bigint) => {
    const res = await t.call('ADMIN', 'GET', `/v1/command?deviceId=${deviceId}`);
    expect(res.statusCode).toBe(200);
    return new Map((res.json() as { data: Command[] }).data.map((c) => [c.id, c]));
  };
  const connect = async (port: number | undefined) => {
    const device = await TcpDevice.connect(port ?? 0);
    devices.push(device);
    return device;
  };
  const rawLogCount = async (imei: string) =>
    (await rows<{ n: number }>(t.db, sql`select count(*)::int as n from raw_logs where imei = ${imei}`))[0]
      ?.n ?? 0;

  beforeAll(async () => {
    t = await createTestApp();
    const indore = await organisationId(t.db, INDORE);
    const seed = (imei: string, protocol: 'gt06' | 'teltonika' | 'ais140', registrationNumber: string) =>
      seedTrackedVehicle(t.db, { imei, protocol, organisationId: indore, registrationNumber });
    gt06 = await seed('359710049095201', 'gt06', 'MP09CR0001');
    teltonika = await seed('356307042441202', 'teltonika', 'MP09CR0002');
    ais140 = await seed('864000000000203', 'ais140', 'MP09CR0003');
    gateway = await startGateway({ database: t.database, bus: t.bus, config: testGatewayConfig() });
  });
  afterAll(async () => {
    for (const d of devices) d.close();
    await gateway?.stop();
    await t?.close();
  });

  it('GT06: answers to two commands, out of order, land on their own command by server flag', async () => {
    const device = await connect(gateway.ports.gt06);
    await device.write(gt06Login(gt06.imei, 1));
    expect(toHex(await device.read(10))).toBe(toHex(gt06Ack(0x01, 1)));
    await eventually(async () => gateway.registry.get(gt06.imei));

    // Engine stop is an immobiliser command: the session confirms the password first (issue 20 #3).
    await t.stepUp('ADMIN');
    const stop = await send(gt06.deviceId, 'engineStop');
    const codec = getCodec('gt06');
    const stopFrame = codec.encodeCommand({ text: 'RELAY,1#', id: Number(stop.id) }, { imei: gt06.imei });
    expect(toHex(await device.read(stopFrame.length))).toBe(toHex(stopFrame));
    const where = await send(gt06.deviceId, 'getInfo');
    const whereFrame = codec.encodeCommand({ text: 'WHERE#', id: Number(where.id) }, { imei: gt06.imei });
    expect(toHex(await device.read(whereFrame.length))).toBe(toHex(whereFrame));

    // The newer command's answer first: "latest sent" would have put the relay answer on WHERE#.
    await device.write(gt06Answer(Number(where.id), 'Current position!Lat:N22.719,Lon:E75.857', 2));
    await device.write(gt06Answer(Number(stop.id), 'Cut off the fuel supply: Success!', 3));
    const answered = await eventually(async () => {
      const commands = await log(gt06.deviceId);
      const all = [commands.get(stop.id), commands.get(where.id)];
      return all.every((c) => c?.status === 'answered') ? all : null;
    });
    expect(answered[0]).toMatchObject({ text: 'RELAY,1#', response: 'Cut off the fuel supply: Success!' });
    expect(answered[1]).toMatchObject({
      text: 'WHERE#',
      response: 'Current position!Lat:N22.719,Lon:E75.857',
    });

    // A flag no command carries: kept in raw logs, attached to nothing (even with a command waiting).
    const pending = await send(gt06.deviceId, 'custom', 'STATUS#');
    const pendingFrame = codec.encodeCommand(
      { text: 'STATUS#', id: Number(pending.id) },
      { imei: gt06.imei },
    );
    await device.read(pendingFrame.length);
    const before = await rawLogCount(gt06.imei);
    await device.write(gt06Answer(0x7fff_fff0, 'stray answer', 4));
    await eventually(async () => (await rawLogCount(gt06.imei)) > before);
    await sleep(100);
    expect((await log(gt06.deviceId)).get(pending.id)).toMatchObject({ status: 'sent', response: null });
  });

  it('GT06: a 0x8A time request is answered with the gateway clock in UTC', async () => {
    const device = await connect(gateway.ports.gt06);
    await device.write(gt06Login(gt06.imei, 1));
    await device.read(10);
    const before = Date.now();
    await device.write(gt06Frame(0x8a, [], 0x0007));
    const reply = await device.read(16);
    const after = Date.now();
    expect(toHex(reply.subarray(0, 4))).toBe('78780b8a');
    expect(toHex(reply.subarray(10, 12))).toBe('0007'); // serial echoed
    const [yy = 0, mo = 0, dd = 0, hh = 0, mi = 0, ss = 0] = reply.subarray(4, 10);
    const sent = Date.UTC(2000 + yy, mo - 1, dd, hh, mi, ss);
    expect(sent).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(sent).toBeLessThanOrEqual(after);
    expect(getCodec('gt06').decode(reply, { imei: null }).messages[0]?.checksumOk).toBe(true);
  });

  it('Teltonika: Codec 12 responses answer the oldest unanswered command, in order', async () => {
    const device = await connect(gateway.ports.teltonika);
    await device.write(teltonikaHandshake(teltonika.imei));
    expect(toHex(await device.read(1))).toBe('01');
    await eventually(async () => gateway.registry.get(teltonika.imei));
    const codec = getCodec('teltonika');

    const info = await send(teltonika.deviceId, 'getInfo');
    await device.read(codec.encodeCommand({ text: 'getinfo', id: 0 }, { imei: null }).length);
    const version = await send(teltonika.deviceId, 'custom', 'getver');
    await device.read(codec.encodeCommand({ text: 'getver', id: 0 }, { imei: null }).length);

    await device.write(codec12Response('RTC:2026/11/22 3:00 Init:2026/11/22 2:00 UpTime:3600s'));
    await device.write(codec12Response('Ver:03.27.07_00 GPS:AXN_5.1.9 Hw:FMB920'));
    const answered = await eventually(async () => {
      const commands = await log(teltonika.deviceId);
      const all = [commands.get(info.id), commands.get(version.id)];
      return all.every((c) => c?.status === 'answered') ? all : null;
    });
    expect(answered[0]?.response).toMatch(/^RTC:/);
    expect(answered[1]?.response).toMatch(/^Ver:03\.27/);

    // Nothing left to answer: the response is only in raw logs.
    const before = await rawLogCount(teltonika.imei);
    await device.write(codec12Response('unsolicited'));
    await eventually(async () => (await rawLogCount(teltonika.imei)) > before);
    await sleep(100);
    expect([...(await log(teltonika.deviceId)).values()].map((c) => c.response)).not.toContain('unsolicited');
  });

  it('AIS-140: replies are decoded and matched to the command with the same parameter', async () => {
    const device = await connect(gateway.ports.ais140);
    await device.write(
      Buffer.from(`$,LGN,MARK,000000000,${ais140.imei},V0.0.1,AIS140,22.719568,N,75.857727,E,*\r\n`),
    );
    expect((await device.read(19)).toString('ascii')).toMatch(/^\$LGN\d{14}\*$/);
    await eventually(async () => gateway.registry.get(ais140.imei));

    const speed = await send(ais140.deviceId, 'custom', 'SET SL:60');
    expect((await device.read('SET SL:60'.length)).toString('ascii')).toBe('SET SL:60');
    const version = await send(ais140.deviceId, 'getInfo');
    expect((await device.read('GET VER'.length)).toString('ascii')).toBe('GET VER');

    // Answers in the other order; each names its parameter.
    await device.write(Buffer.from(`$,GET,${ais140.imei},VER:1.4.2,*\r\n`));
    await device.write(Buffer.from('$,SET,SL:60,OK*\r\n'));
    const answered = await eventually(async () => {
      const commands = await log(ais140.deviceId);
      const all = [commands.get(speed.id), commands.get(version.id)];
      return all.every((c) => c?.status === 'answered') ? all : null;
    });
    expect(answered[0]).toMatchObject({ text: 'SET SL:60', response: 'SL:60,OK' });
    expect(answered[1]).toMatchObject({ text: 'GET VER', response: 'VER:1.4.2' });

    // A reply for a parameter no sent command addresses is not attached to the waiting one.
    const apn = await send(ais140.deviceId, 'custom', 'GET APN');
    await device.read('GET APN'.length);
    const before = await rawLogCount(ais140.imei);
    await device.write(Buffer.from('$,SET,UR:30*\r\n'));
    await eventually(async () => (await rawLogCount(ais140.imei)) > before);
    await sleep(100);
    expect((await log(ais140.deviceId)).get(apn.id)).toMatchObject({ status: 'sent', response: null });
  });
});

describe('matchCommandResponse', () => {
  const sent = [
    { id: 5n, text: 'SET SL:60' },
    { id: 0x1_0000_0007n, text: 'GET VER' },
    { id: 9n, text: 'SET SL:70' },
  ];
  const response = (protocol: NormalisedMessage['protocol'], io: NormalisedMessage['io']) => {
    const message = emptyMessage(protocol, 'command-response', '359710049095201');
    message.io = io;
    message.text = 'answer';
    return message;
  };

  it('GT06: by server flag (command id mod 2^32), latest sent only without a flag, nothing for an unknown flag', () => {
    expect(matchCommandResponse(response('gt06', { serverFlag: 7 }), sent)).toBe(0x1_0000_0007n);
    expect(matchCommandResponse(response('gt06', { serverFlag: 5 }), sent)).toBe(5n);
    expect(matchCommandResponse(response('gt06', {}), sent)).toBe(9n);
    expect(matchCommandResponse(response('gt06', { serverFlag: 6 }), sent)).toBeNull();
    expect(matchCommandResponse(response('gt06', {}), [])).toBeNull();
  });

  it('Teltonika: the oldest sent; AIS-140: the oldest sent with the same key', () => {
    expect(matchCommandResponse(response('teltonika', {}), sent)).toBe(5n);
    expect(matchCommandResponse(response('teltonika', {}), [])).toBeNull();
    expect(matchCommandResponse(response('ais140', { commandKey: 'SL' }), sent)).toBe(5n);
    expect(matchCommandResponse(response('ais140', { commandKey: 'VER' }), sent)).toBe(0x1_0000_0007n);
    expect(matchCommandResponse(response('ais140', { commandKey: 'APN' }), sent)).toBeNull();
    expect(matchCommandResponse(response('ais140', {}), sent)).toBeNull();
  });

  it('Teltonika: a command left unanswered past the window does not shift later answers', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    const timed = [
      { id: 1n, text: 'getinfo', sentAtMs: now - IN_ORDER_ANSWER_WINDOW_MS - 1 },
      { id: 2n, text: 'getver', sentAtMs: now - 1000 },
    ];
    expect(matchCommandResponse(response('teltonika', {}), timed, now)).toBe(2n);
    expect(matchCommandResponse(response('teltonika', {}), timed.slice(0, 1), now)).toBeNull();
  });
});
