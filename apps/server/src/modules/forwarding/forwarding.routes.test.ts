/**
 * /v1/forwarding/targets: create / list / update / delete with the secret masked, "send test" against a real
 * receiver, the validation messages, 403 without the module, and another organisation's targets invisible (404).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORWARDING_MESSAGES, type ForwardTarget } from '@civicfleet/shared';
import { roles } from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/helpers.ts';
import {
  startHttpReceiver,
  startTcpReceiver,
  type HttpReceiver,
  type TcpReceiver,
} from './testing/receivers.ts';

const URL = '/v1/forwarding/targets';
const SECRET = 'super-secret-value-9876';

describe('forwarding targets API', () => {
  const t = useTestApp();
  let receiver: HttpReceiver;
  let backend: TcpReceiver;
  beforeAll(async () => {
    receiver = await startHttpReceiver();
    backend = await startTcpReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await backend?.close();
  });

  const webhook = (over: Record<string, unknown> = {}) => ({
    name: 'State backend',
    kind: 'webhook',
    url: receiver.url,
    secret: SECRET,
    sendPositions: true,
    sendAlerts: true,
    eventTypes: ['sos', 'overspeed'],
    batchSize: 50,
    timeoutMs: 5000,
    ...over,
  });

  it('creates, lists, updates (keeping the secret), tests and deletes a webhook target', async () => {
    const created = await t.call('ADMIN', 'POST', URL, webhook());
    expect(created.statusCode, created.body).toBe(200);
    const target = created.json().data as ForwardTarget;
    expect(target).toMatchObject({
      name: 'State backend',
      kind: 'webhook',
      enabled: true,
      url: receiver.url,
      secretHint: '••••9876',
      eventTypes: ['sos', 'overspeed'],
      batchSize: 50,
      stats: { queued: 0, dead: 0, deliveredLastHour: 0, lastError: null },
    });
    expect(created.body).not.toContain(SECRET);

    const list = await t.call('ADMIN', 'GET', URL);
    expect(list.statusCode).toBe(200);
    expect((list.json().data as ForwardTarget[]).map((x) => x.id)).toContain(target.id);
    expect(list.body).not.toContain(SECRET);

    const { secret: _secret, ...withoutSecret } = webhook({ name: 'Renamed', enabled: false });
    const updated = await t.call('ADMIN', 'PUT', `${URL}/${target.id}`, withoutSecret);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ name: 'Renamed', enabled: false, secretHint: '••••9876' });

    const tested = await t.call('ADMIN', 'POST', `${URL}/${target.id}/test`);
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json().data).toMatchObject({ ok: true, status: 200, detail: 'ok' });
    const sent = receiver.requests.at(-1);
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({ items: [{ type: 'test' }] });
    expect(sent?.headers['x-civicfleet-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);

    receiver.answers.push({ status: 503, body: 'maintenance' });
    const failed = await t.call('ADMIN', 'POST', `${URL}/${target.id}/test`);
    expect(failed.json()).toMatchObject({
      message: 'The test failed',
      data: { ok: false, status: 503, detail: 'HTTP 503: maintenance' },
    });

    expect((await t.call('ADMIN', 'DELETE', `${URL}/${target.id}`)).statusCode).toBe(200);
    expect((await t.call('ADMIN', 'GET', `${URL}/${target.id}`)).statusCode).toBe(404);
  });

  it('creates an emergency target; its test only connects', async () => {
    const created = await t.call('ADMIN', 'POST', URL, {
      name: 'ERSS',
      kind: 'emergency',
      host: '127.0.0.1',
      port: backend.port,
      secret: SECRET,
    });
    expect(created.statusCode, created.body).toBe(200);
    const target = created.json().data as ForwardTarget;
    expect(target).toMatchObject({ kind: 'emergency', url: null, secretHint: null, port: backend.port });
    const tested = await t.call('ADMIN', 'POST', `${URL}/${target.id}/test`);
    expect(tested.json().data).toMatchObject({
      ok: true,
      status: null,
      detail: 'Connected (no packet sent)',
    });
    expect(backend.received).toHaveLength(0);
  });

  it('answers clear messages on bad input', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, FORWARDING_MESSAGES.name],
      [{ kind: 'ftp' }, FORWARDING_MESSAGES.kind],
      [{ url: 'ftp://example.org/x' }, FORWARDING_MESSAGES.url],
      [{ url: 'not a url' }, FORWARDING_MESSAGES.url],
      [{ url: 'https://user:pass@example.org/hook' }, FORWARDING_MESSAGES.urlCredentials],
      [{ url: null }, FORWARDING_MESSAGES.url],
      [{ secret: 'short' }, FORWARDING_MESSAGES.secret],
      [{ sendPositions: false, sendAlerts: false }, FORWARDING_MESSAGES.what],
      [{ batchSize: 0 }, FORWARDING_MESSAGES.batchSize],
      [{ timeoutMs: 100 }, FORWARDING_MESSAGES.timeout],
      [{ kind: 'emergency', host: null, port: 5000 }, FORWARDING_MESSAGES.host],
      [{ kind: 'emergency', host: 'erss.example.gov.in', port: 70000 }, FORWARDING_MESSAGES.port],
      [{ kind: 'emergency', host: 'bad host!', port: 5000 }, FORWARDING_MESSAGES.host],
    ];
    for (const [over, message] of cases) {
      const res = await t.call('ADMIN', 'POST', URL, webhook(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().message, JSON.stringify(over)).toBe(message);
    }
    expect((await t.call('ADMIN', 'GET', `${URL}/abc`)).statusCode).toBe(400);
  });

  it('refuses callers without the module (403) or without the write action', async () => {
    expect((await t.call('LIMITED_USER', 'GET', URL)).statusCode).toBe(403);
    expect((await t.call('LIMITED_USER', 'POST', URL, webhook())).statusCode).toBe(403);
    await t.db
      .update(roles)
      .set({ authScopes: { forwarding: {} } })
      .where(eq(roles.name, 'CUSTOM'));
    expect((await t.call('CUSTOM', 'GET', URL)).statusCode).toBe(200);
    expect((await t.call('CUSTOM', 'POST', URL, webhook())).statusCode).toBe(403);
  });

  it("hides another organisation's targets (404)", async () => {
    const created = await t.call('ADMIN', 'POST', URL, webhook({ name: 'Indore only' }));
    const id = (created.json().data as ForwardTarget).id;
    const bhopal = 'admin.bhopal@demo.civicfleet.in';
    expect((await t.call(bhopal, 'GET', `${URL}/${id}`)).statusCode).toBe(404);
    expect((await t.call(bhopal, 'PUT', `${URL}/${id}`, webhook())).statusCode).toBe(404);
    expect((await t.call(bhopal, 'DELETE', `${URL}/${id}`)).statusCode).toBe(404);
    expect((await t.call(bhopal, 'POST', `${URL}/${id}/test`)).statusCode).toBe(404);
    expect((await t.call(bhopal, 'GET', `${URL}/${id}/dead-letters`)).statusCode).toBe(404);
    expect((await t.call(bhopal, 'POST', `${URL}/${id}/dead-letters/retry`)).statusCode).toBe(404);
    const list = await t.call(bhopal, 'GET', URL);
    expect((list.json().data as ForwardTarget[]).map((x) => x.id)).not.toContain(id);
    const own = await t.call(
      bhopal,
      'POST',
      URL,
      webhook({ organisationId: created.json().data.organisationId }),
    );
    expect(own.statusCode).toBe(404);
  });
});
