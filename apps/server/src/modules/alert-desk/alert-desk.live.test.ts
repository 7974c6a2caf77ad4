/** /v1/live `desk` messages: desk steps reach sos-desk users of the alert's organisations, nobody else. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import type { LiveDeskMessage, LiveMessage } from '@civicfleet/shared';

type Message = LiveMessage | LiveDeskMessage;
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  BHOPAL,
  INDORE,
  eventually,
  organisationId,
  seedTrackedVehicle,
  sleep,
} from '../../gateway/testing/fleet.ts';
import { raiseAlert } from './alert-desk.testing.ts';

const BHOPAL_ADMIN = 'admin.bhopal@demo.civicfleet.in';

describe('/v1/live desk messages', () => {
  let t: TestApp;
  const sockets: WebSocket[] = [];

  async function connect(who: string): Promise<Message[]> {
    const messages: Message[] = [];
    const token = await t.login(who);
    const ws = await t.app.injectWS(
      '/v1/live',
      {},
      {
        onInit: (socket) =>
          socket.on('message', (data) => messages.push(JSON.parse(String(data)) as Message)),
      },
    );
    sockets.push(ws);
    ws.send(JSON.stringify({ type: 'auth', token }));
    await eventually(async () => messages.some((m) => m.type === 'snapshot'));
    return messages;
  }

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    await t?.close();
  });

  it('sends each step of an alert to the sos-desk users of its organisation', async () => {
    const indore = await organisationId(t.db, INDORE);
    await organisationId(t.db, BHOPAL);
    const unit = await seedTrackedVehicle(t.db, {
      imei: '864000000700001',
      protocol: 'ais140',
      organisationId: indore,
      registrationNumber: 'MP09LV0001',
    });
    const id = await raiseAlert(
      t.db,
      { ...unit, organisationId: indore },
      { type: 'sos', startedAt: new Date() },
    );

    const admin = await connect('ADMIN');
    const limited = await connect('LIMITED_USER'); // holds sos-desk (acknowledge-alert)
    const custom = await connect('CUSTOM'); // no sos-desk
    const bhopalAdmin = await connect(BHOPAL_ADMIN);

    const res = await t.call('LIMITED_USER', 'POST', `/v1/alert-desk/${id}/acknowledge`, {});
    expect(res.statusCode, res.body).toBe(200);
    const desk = (messages: Message[]) => messages.filter((m) => m.type === 'desk');
    await eventually(async () => desk(admin).length > 0 && desk(limited).length > 0);
    expect(desk(admin)).toEqual([
      {
        type: 'desk',
        changes: [
          {
            id,
            organisationId: String(indore),
            type: 'sos',
            deskStatus: 'acknowledged',
            action: 'acknowledge',
            at: expect.any(String),
          },
        ],
      },
    ]);
    await sleep(100);
    expect(desk(custom)).toEqual([]);
    expect(desk(bhopalAdmin)).toEqual([]);
  });
});
