import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PortCheckResult } from '@civicfleet/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { PORT_CHECK_RATE_MESSAGE, PORT_CHECKS_PER_MINUTE } from './port-check.routes.ts';
import { createPortCheckService, refusalMessage } from './port-check.service.ts';

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address && typeof address === 'object') resolve(address.port);
      else reject(new Error('no port'));
    });
  });
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

describe('GET /v1/check-port', () => {
  let t: TestApp;
  let listener: Server;
  let openPort: number;
  let closedPort: number;

  const check = (query: string) => t.app.inject({ method: 'GET', url: `/v1/check-port${query}` });

  beforeAll(async () => {
    listener = createServer((socket) => socket.end());
    openPort = await listen(listener);
    // A port that was free a moment ago: a device port with nothing listening.
    const probe = createServer();
    closedPort = await listen(probe);
    await close(probe);
    t = await createTestApp({ env: { devicePorts: [openPort, closedPort] } });
  });
  afterAll(async () => {
    await t?.close();
    await close(listener);
  });

  it('reports an open device port on this server with its latency', async () => {
    const res = await check(`?host=127.0.0.1&port=${openPort}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ message: string; data: PortCheckResult }>();
    expect(body.data).toMatchObject({
      host: '127.0.0.1',
      address: '127.0.0.1',
      port: openPort,
      open: true,
      error: null,
    });
    expect(body.data.latencyMs).toBeGreaterThanOrEqual(0);
    expect(body.message).toBe(`Port ${openPort} on 127.0.0.1 is open.`);
  });

  it('reports a closed device port', async () => {
    const res = await check(`?host=127.0.0.1&port=${closedPort}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: PortCheckResult }>().data).toMatchObject({
      open: false,
      latencyMs: null,
      error: 'Connection refused',
    });
  });

  it('refuses private addresses and loopback ports that are not device ports', async () => {
    for (const query of [
      '?host=10.0.0.1&port=80',
      '?host=127.0.0.1&port=22',
      '?host=169.254.169.254&port=80',
      '?host=::1&port=5432',
    ]) {
      const res = await check(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: refusalMessage([openPort, closedPort]) });
    }
  });

  it('explains bad input', async () => {
    const noHost = await check('?port=80');
    expect(noHost.statusCode).toBe(400);
    expect(noHost.json()).toMatchObject({ errors: { host: 'The host field is required' } });
    const badHost = await check('?host=a%20b&port=80');
    expect(badHost.json()).toMatchObject({ errors: { host: 'Enter a host name or an IP address' } });
    const badPort = await check('?host=example.com&port=70000');
    expect(badPort.statusCode).toBe(400);
    expect(badPort.json()).toMatchObject({ errors: { port: 'Ports run from 1 to 65535' } });
  });

  it('limits each client address to 10 checks a minute', async () => {
    let res = await check('?port=1');
    for (let i = 0; i < PORT_CHECKS_PER_MINUTE && res.statusCode !== 429; i++) res = await check('?port=1');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ success: false, message: PORT_CHECK_RATE_MESSAGE });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('port check service', () => {
  const devicePorts = [5023];

  it('connects to the validated address, never to the name again', async () => {
    const probe = vi.fn().mockResolvedValue({ open: true, latencyMs: 12, error: null });
    const service = createPortCheckService({ devicePorts, resolve: async () => ['93.184.215.14'], probe });
    const result = await service.check('tracker.example.com', 443);
    expect(probe).toHaveBeenCalledWith('93.184.215.14', 443);
    expect(result).toEqual({
      host: 'tracker.example.com',
      address: '93.184.215.14',
      port: 443,
      open: true,
      latencyMs: 12,
      error: null,
    });
  });

  it('refuses a name if any of its addresses is not allowed', async () => {
    const probe = vi.fn();
    const service = createPortCheckService({
      devicePorts,
      resolve: async () => ['93.184.215.14', '192.168.1.1'],
      probe,
    });
    await expect(service.check('rebind.example.com', 80)).rejects.toMatchObject({
      statusCode: 400,
      message: refusalMessage(devicePorts),
    });
    expect(probe).not.toHaveBeenCalled();
  });

  it('refuses names that resolve to loopback unless the port is a device port', async () => {
    const probe = vi.fn().mockResolvedValue({ open: false, latencyMs: null, error: 'Connection refused' });
    const service = createPortCheckService({ devicePorts, resolve: async () => ['::1', '127.0.0.1'], probe });
    await expect(service.check('localhost', 22)).rejects.toMatchObject({ statusCode: 400 });
    await expect(service.check('localhost', 5023)).resolves.toMatchObject({ address: '::1', open: false });
  });

  it('answers 400 when the name does not resolve', async () => {
    const service = createPortCheckService({
      devicePorts,
      resolve: async () => {
        throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
      },
      probe: vi.fn(),
    });
    await expect(service.check('no-such-host.invalid', 80)).rejects.toMatchObject({
      statusCode: 400,
      message: 'The host name "no-such-host.invalid" could not be resolved.',
    });
  });
});
