/**
 * The SSRF guard: loopback, private, link-local (cloud metadata), CGNAT and reserved receivers are refused unless
 * FORWARD_ALLOW_PRIVATE_ADDRESSES is on — for IP literals, for names resolving there (checked on the address the
 * connection uses), for emergency TCP backends and through the API's "send test". A refusal is not retried.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEnv, useTestApp } from '../../../test/helpers.ts';
import { isPrivateAddress, PUBLIC_ONLY } from './address-guard.ts';
import { postJson, sendTcp } from './delivery.ts';
import {
  startHttpReceiver,
  startTcpReceiver,
  type HttpReceiver,
  type TcpReceiver,
} from './testing/receivers.ts';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '::1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'not-an-address',
  ])('refuses %s', (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each(['8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:1.1.1.1'])(
    'allows %s',
    (address) => expect(isPrivateAddress(address)).toBe(false),
  );
});

describe('deliveries under the default policy (public only)', () => {
  let http: HttpReceiver;
  let tcp: TcpReceiver;
  beforeAll(async () => {
    [http, tcp] = await Promise.all([startHttpReceiver(), startTcpReceiver()]);
  });
  afterAll(async () => {
    await Promise.all([http?.close(), tcp?.close()]);
  });

  it('refuses a loopback literal, a name resolving to loopback and [::1], without retrying; nothing arrives', async () => {
    const port = new URL(http.url).port;
    for (const url of [http.url, `http://localhost:${port}/hook`, `http://[::1]:${port}/hook`]) {
      const result = await postJson(url, '{}', { 'content-type': 'application/json' }, 2000, PUBLIC_ONLY);
      expect(result, url).toMatchObject({ ok: false, retryable: false, status: null });
      expect(result.detail).toMatch(/is private, loopback or reserved/);
    }
    const metadata = await postJson('http://169.254.169.254/latest/meta-data/', '{}', {}, 2000, PUBLIC_ONLY);
    expect(metadata).toMatchObject({ ok: false, retryable: false });
    expect(http.requests).toHaveLength(0);
  });

  it('refuses an emergency backend on loopback (literal and name)', async () => {
    for (const host of ['127.0.0.1', 'localhost']) {
      const result = await sendTcp(host, tcp.port, [Buffer.from('$EPB')], 2000, PUBLIC_ONLY);
      expect(result, host).toMatchObject({ ok: false, retryable: false });
      expect(result.detail).toMatch(/is private, loopback or reserved/);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(tcp.received).toHaveLength(0);
  });

  it('delivers to the same receivers when private addresses are allowed', async () => {
    const allowed = { allowPrivateAddresses: true };
    expect(await postJson(http.url, '{}', {}, 2000, allowed)).toMatchObject({ ok: true, status: 200 });
    expect(await sendTcp('localhost', tcp.port, [Buffer.from('$EPB')], 2000, allowed)).toMatchObject({
      ok: true,
    });
  });
});

describe('POST /v1/forwarding/targets/:id/test with FORWARD_ALLOW_PRIVATE_ADDRESSES off', () => {
  const t = useTestApp({ env: testEnv({ forwardAllowPrivateAddresses: false }) });
  let http: HttpReceiver;
  beforeAll(async () => {
    http = await startHttpReceiver();
  });
  afterAll(() => http?.close());

  it('answers the refusal and sends nothing', async () => {
    const created = await t.call('ADMIN', 'POST', '/v1/forwarding/targets', {
      name: 'Inside job',
      kind: 'webhook',
      url: http.url,
      sendPositions: true,
      sendAlerts: true,
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json() as { data: { id: string } }).data.id;
    const tested = await t.call('ADMIN', 'POST', `/v1/forwarding/targets/${id}/test`);
    expect(tested.body).toMatch(/is private, loopback or reserved/);
    expect(http.requests).toHaveLength(0);
  });
});
