/**
 * Bad input where test/fuzz-routes.test.ts does not reach (issue 9 "Bad input"): the /v1/live WebSocket upgrade and
 * its frames, and the paths of the static console and of /v1/docs. On a real listening server (127.0.0.1, port 0),
 * with raw sockets where a client library would refuse to send the bytes.
 *
 * Invariants:
 * - upgrade: malformed requests get an HTTP 4xx (or the connection closed), never a 5xx;
 * - WebSocket: every session the fuzzer opens ends in a close frame with a code (protocol errors 1002/1007/1009,
 *   4401 for a client that never authenticates), never 1011 (internal error), never an abnormal drop, and no
 *   unhandled rejection; an authenticated session ignores garbage and keeps streaming;
 * - static and docs paths (traversal, encoded NULs and separators, overlong UTF-8, very long paths): never a 5xx and
 *   never a byte of a file outside the build (a marker file next to it, /etc/passwd, the repository's package.json);
 *   a 200 is a file of the build (or the SPA's index.html) or a Swagger UI asset;
 * - afterwards /v1/healthz answers and a fresh session still gets its snapshot.
 *
 * Deterministic (fast-check with fixed seeds) and bounded (about 20 s: unauthenticated sessions end at the 10 s auth
 * timeout, all in parallel). Counts per category are printed; with FUZZ_RESULTS=1 they are also written to
 * bench/results/fuzz-<date>.json (keys `live` and `static`, next to the gateway's and the routes').
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import type { LiveDelta } from '@civicfleet/shared';
import { TOPICS } from '../src/bus/bus.ts';
import { AUTH_TIMEOUT_MS } from '../src/live/live-session.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const SECRET_MARKER = 'CIVICFLEET-OUTSIDE-THE-BUILD-7f3a';
const INDEX_HTML = '<!doctype html><title>CivicFleet fuzz build</title><div id="root"></div>';
const APP_JS = 'console.log("fuzz build");';
/** Bytes that must never come back: the marker next to the build, /etc/passwd, this repository's package.json. */
const FORBIDDEN = [SECRET_MARKER, 'root:x:0:0', '"@civicfleet/server"', '"name": "civicfleet"'];
/** A session must have closed by then (the auth timeout plus slack). */
const SESSION_BOUND_MS = AUTH_TIMEOUT_MS + 5_000;
const WS_KEY = 'dGhlIHNhbXBsZSBub25jZQ==';

const counts: Record<string, number> = {};
const failures: string[] = [];
const count = (category: string) => void (counts[category] = (counts[category] ?? 0) + 1);

interface RawResult {
  bytes: Buffer;
  /** The server closed the connection (false: still open at the deadline, then closed by us). */
  closedByServer: boolean;
}

/** Writes `chunks` to a fresh connection and collects what comes back until the server closes or `timeoutMs`. */
function rawExchange(
  port: number,
  chunks: readonly (string | Buffer)[],
  timeoutMs: number,
): Promise<RawResult> {
  return new Promise((resolve) => {
    const received: Buffer[] = [];
    const socket = net.connect({ host: '127.0.0.1', port });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ bytes: Buffer.concat(received), closedByServer: false });
    }, timeoutMs);
    socket.on('connect', () => {
      for (const chunk of chunks) socket.write(chunk);
    });
    socket.on('data', (data) => received.push(data));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ bytes: Buffer.concat(received), closedByServer: true });
    });
  });
}

const statusOf = (bytes: Buffer): number | null => {
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(bytes.subarray(0, 20).toString('latin1'));
  return match ? Number(match[1]) : null;
};

/** A client frame (masked unless told otherwise); `length` overrides the announced payload length. */
function frame(
  opcode: number,
  payload: Buffer,
  options: { fin?: boolean; masked?: boolean; rsv?: number; length?: bigint } = {},
): Buffer {
  const masked = options.masked ?? true;
  const length = options.length ?? BigInt(payload.length);
  const head: number[] = [((options.fin ?? true) ? 0x80 : 0) | ((options.rsv ?? 0) << 4) | opcode];
  const maskBit = masked ? 0x80 : 0;
  let extended = Buffer.alloc(0);
  if (length < 126n) head.push(maskBit | Number(length));
  else if (length < 65_536n) {
    head.push(maskBit | 126);
    extended = Buffer.alloc(2);
    extended.writeUInt16BE(Number(length));
  } else {
    head.push(maskBit | 127);
    extended = Buffer.alloc(8);
    extended.writeBigUInt64BE(length);
  }
  const mask = Buffer.from([0x12, 0x34, 0x56, 0x78]);
  const body = Buffer.from(payload);
  if (masked) for (let i = 0; i < body.length; i++) body[i] = (body[i] ?? 0) ^ (mask[i % 4] ?? 0);
  return Buffer.concat([Buffer.from(head), extended, masked ? mask : Buffer.alloc(0), body]);
}

/** The code of the server's close frame in what it sent after the 101, or null when it sent none. */
function closeCodeOf(bytes: Buffer): number | null {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0 || statusOf(bytes) !== 101) return null;
  let at = end + 4;
  while (at + 2 <= bytes.length) {
    const opcode = (bytes[at] ?? 0) & 0x0f;
    let length = (bytes[at + 1] ?? 0) & 0x7f;
    let offset = at + 2;
    if (length === 126) {
      length = bytes.readUInt16BE(offset);
      offset += 2;
    } else if (length === 127) {
      length = Number(bytes.readBigUInt64BE(offset));
      offset += 8;
    }
    if (opcode === 0x8) return length >= 2 ? bytes.readUInt16BE(offset) : 1005;
    at = offset + length;
  }
  return null;
}

const upgrade = (extra = '', pathAndQuery = '/v1/live') =>
  `GET ${pathAndQuery} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
  `Sec-WebSocket-Key: ${WS_KEY}\r\nSec-WebSocket-Version: 13\r\n${extra}\r\n`;

describe('fuzzing the live WebSocket, static files and docs', () => {
  let t: TestApp;
  let port: number;
  let root: string;
  let webDist: string;
  let buildFiles: string[];
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'civicfleet-fuzz-web-'));
    webDist = path.join(root, 'dist');
    mkdirSync(path.join(webDist, 'assets'), { recursive: true });
    writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    writeFileSync(path.join(webDist, 'assets', 'app-1234.js'), APP_JS);
    writeFileSync(path.join(webDist, '.env'), `JWT_SECRET=${SECRET_MARKER}`);
    writeFileSync(path.join(root, 'secret.txt'), SECRET_MARKER);
    writeFileSync(path.join(root, 'dist.txt'), SECRET_MARKER);
    buildFiles = [INDEX_HTML, APP_JS];
    process.on('unhandledRejection', onRejection);
    t = await createTestApp({ env: { webDist } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    process.off('unhandledRejection', onRejection);
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it(
    'closes every malformed upgrade and WebSocket session cleanly, with a code',
    { timeout: 120_000 },
    async () => {
      // 1. Malformed upgrade requests: a 4xx or a closed connection, never a 5xx or a 101.
      const badUpgrades: Array<[string, string | Buffer]> = [
        ['no key', upgrade().replace(/Sec-WebSocket-Key: .*\r\n/, '')],
        ['bad key', upgrade().replace(WS_KEY, 'short')],
        ['version 99', upgrade().replace('Version: 13', 'Version: 99')],
        ['version text', upgrade().replace('Version: 13', 'Version: thirteen')],
        ['upgrade h2c', upgrade().replace('Upgrade: websocket', 'Upgrade: h2c')],
        ['upgrade garbage', upgrade().replace('Upgrade: websocket', 'Upgrade: \u00ff\u00fe')],
        ['POST upgrade', upgrade().replace('GET ', 'POST ')],
        ['HTTP/1.0', upgrade().replace('HTTP/1.1', 'HTTP/1.0')],
        ['bad query encoding', upgrade('', '/v1/live?%ZZ=%')],
        ['duplicate key', upgrade(`Sec-WebSocket-Key: ${WS_KEY}\r\n`)],
        ['huge header', upgrade(`X-Fuzz: ${'a'.repeat(70_000)}\r\n`)],
        ['many headers', upgrade(Array.from({ length: 3000 }, (_, i) => `X-${i}: v\r\n`).join(''))],
        ['token in url', upgrade('', '/v1/live?token=abc')],
        ['share garbage', upgrade('', `/v1/live?share=${'%00'.repeat(50)}`)],
        ['NUL in header', upgrade('X-Nul: a\u0000b\r\n')],
        ['bare LF', upgrade().replaceAll('\r\n', '\n')],
        ['not HTTP', Buffer.from([0x16, 0x03, 0x01, 0x00, 0xff, 0x01, 0x00, 0x00, 0x00, 0x00, 0x0d, 0x0a])],
        ['truncated', upgrade().slice(0, 60)],
      ];
      /** Odd but valid handshakes: they upgrade, and the session then closes with a code (4401 at the latest). */
      const upgrades = new Set(['HTTP/1.0', 'bad query encoding', 'token in url', 'share garbage']);
      const upgradeResults = await Promise.all(
        badUpgrades.map(async ([label, request]) => {
          const result = await rawExchange(port, [request], upgrades.has(label) ? SESSION_BOUND_MS : 3_000);
          return { label, result };
        }),
      );
      for (const { label, result } of upgradeResults) {
        count('upgrade-malformed');
        const status = statusOf(result.bytes);
        // The two "valid but refused in the session" cases upgrade and are then closed with a code.
        if (upgrades.has(label)) {
          const code = closeCodeOf(result.bytes);
          if (status !== 101 || code === null || code === 1011)
            failures.push(`upgrade ${label}: ${status} close ${code}`);
          continue;
        }
        if (label === 'truncated') {
          if (status !== null && status >= 500) failures.push(`upgrade ${label}: ${status}`);
          continue;
        }
        if (status === null ? !result.closedByServer : status < 400 || status >= 500)
          failures.push(`upgrade ${label}: status ${status} closed ${result.closedByServer}`);
      }

      // 2. Bad frames after a valid handshake: the server answers with a close code (protocol errors).
      const badFrames: Array<[string, Buffer[]]> = [
        ['unmasked text', [frame(0x1, Buffer.from('{"type":"auth"}'), { masked: false })]],
        ['reserved opcode 3', [frame(0x3, Buffer.from('x'))]],
        ['reserved opcode 11', [frame(0xb, Buffer.from('x'))]],
        ['rsv1 without extension', [frame(0x1, Buffer.from('x'), { rsv: 4 })]],
        ['invalid utf-8', [frame(0x1, Buffer.from([0xc3, 0x28, 0xff, 0xfe]))]],
        ['ping too long', [frame(0x9, Buffer.alloc(200, 1))]],
        ['fragmented ping', [frame(0x9, Buffer.from('p'), { fin: false })]],
        ['orphan continuation', [frame(0x0, Buffer.from('x'))]],
        ['oversized announced (2^40)', [frame(0x2, Buffer.alloc(0), { length: 2n ** 40n })]],
        ['oversized announced (100 kB)', [frame(0x1, Buffer.alloc(0), { length: 100_000n })]],
        ['length with top bit', [frame(0x1, Buffer.alloc(0), { length: 2n ** 63n + 5n })]],
        ['close code 999', [frame(0x8, Buffer.from([0x03, 0xe7]))]],
        ['close one byte', [frame(0x8, Buffer.from([0x03]))]],
        [
          'oversized in fragments',
          [frame(0x1, Buffer.alloc(40_000, 0x61), { fin: false }), frame(0x0, Buffer.alloc(40_000, 0x61))],
        ],
      ];
      const frameResults = await Promise.all(
        badFrames.map(async ([label, frames]) => ({
          label,
          result: await rawExchange(port, [upgrade(), ...frames], 5_000),
        })),
      );
      for (const { label, result } of frameResults) {
        count('frames-malformed');
        const code = closeCodeOf(result.bytes);
        if (statusOf(result.bytes) !== 101 || code === null || code === 1011 || code === 1006)
          failures.push(`frame ${label}: status ${statusOf(result.bytes)} close ${code}`);
      }

      // 3. Garbage first messages through a real client: text, wrong JSON, binary, oversized.
      const texts = [
        'hello',
        '{',
        'null',
        '[]',
        '"auth"',
        '{"type":"auth"}',
        '{"type":"auth","token":123}',
        '{"type":"auth","token":null}',
        '{"type":"auth","token":""}',
        '{"type":"auth","token":"x.y.z"}',
        `{"type":"auth","token":"${'a'.repeat(60_000)}"}`,
        '{"type":"auth","token":"eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0."}',
        '{"__proto__":{"type":"auth"},"token":"x"}',
        `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
        '{"type":"subscribe","vehicles":["1"]}',
        ...fc.sample(fc.string({ maxLength: 200 }), { seed: 11, numRuns: 15 }),
        ...fc.sample(fc.jsonValue({ maxDepth: 3 }), { seed: 12, numRuns: 15 }).map((v) => JSON.stringify(v)),
      ];
      const binaries = fc
        .sample(fc.uint8Array({ minLength: 1, maxLength: 2_000 }), { seed: 13, numRuns: 10 })
        .map((bytes) => Buffer.from(bytes));
      const sessions: Array<{ label: string; send: Array<string | Buffer> }> = [
        ...texts.map((text, i) => ({ label: `text #${i} ${text.slice(0, 40)}`, send: [text] })),
        ...binaries.map((bytes, i) => ({ label: `binary #${i}`, send: [bytes] })),
        { label: 'oversized text (70 kB)', send: ['x'.repeat(70 * 1024)] },
        { label: 'oversized binary (1 MB)', send: [Buffer.alloc(1024 * 1024)] },
        { label: 'burst of 500', send: Array.from({ length: 500 }, (_, i) => `{"n":${i}}`) },
      ];
      const started = performance.now();
      const closes = await Promise.all(
        sessions.map(async ({ label, send }) => {
          const closed = await openAndSend(t, send);
          return { label, ...closed };
        }),
      );
      for (const { label, code, elapsedMs } of closes) {
        count('messages-garbage');
        if (code === null || code === 1006 || code === 1011 || elapsedMs > SESSION_BOUND_MS)
          failures.push(`session ${label}: close ${code} after ${Math.round(elapsedMs)} ms`);
      }
      expect(performance.now() - started).toBeLessThan(SESSION_BOUND_MS + 5_000);

      // 4. An authenticated session ignores garbage (including a bad refresh token) and keeps streaming.
      const token = await t.login('SUPER_ADMIN');
      const received: unknown[] = [];
      const ws = await t.app.injectWS(
        '/v1/live',
        {},
        {
          onInit(socket) {
            socket.on('message', (data) => received.push(JSON.parse(String(data))));
          },
        },
      );
      ws.send(JSON.stringify({ type: 'auth', token }));
      await until(() => received.some((m) => (m as { type?: string }).type === 'snapshot'), 5_000);
      for (const text of [...texts.slice(0, 20), '{"type":"auth","token":"garbage"}']) ws.send(text);
      ws.send(Buffer.from([0, 1, 2, 3]));
      count('messages-after-auth');
      t.bus.publish<LiveDelta>(TOPICS.live, { positions: [], alerts: [] });
      const delta: LiveDelta = {
        positions: [],
        alerts: [
          {
            id: '1',
            deviceId: '1',
            vehicleId: null,
            organisationId: '1',
            type: 'sos',
            at: new Date().toISOString(),
            lat: null,
            lon: null,
            late: false,
          },
        ],
      };
      t.bus.publish<LiveDelta>(TOPICS.live, delta);
      const streaming = await until(
        () => received.some((m) => (m as { type?: string }).type === 'delta'),
        5_000,
      );
      if (!streaming || ws.readyState !== ws.OPEN)
        failures.push('authenticated session stopped after garbage');
      ws.close(1000);

      const health = await fetch(`http://127.0.0.1:${port}/v1/healthz`);
      expect(health.status).toBe(200);
      record('live', failures.length, {
        sessions: closes.length + upgrades.size + badFrames.length + 1,
        durationS: (performance.now() - started) / 1000,
      });
      expect(rejections).toEqual([]);
      expect(failures).toEqual([]);
    },
  );

  it(
    'never serves a file outside the build, nor a 5xx, on static and docs paths',
    { timeout: 120_000 },
    async () => {
      const started = performance.now();
      const staticFailures: string[] = [];
      const fixed = [
        '/..%2fsecret.txt',
        '/..%2f..%2fsecret.txt',
        '/assets/..%2f..%2fsecret.txt',
        '/assets/%2e%2e/%2e%2e/secret.txt',
        '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
        '/..%5c..%5csecret.txt',
        '/assets/..\\..\\secret.txt',
        '/../secret.txt',
        '/assets/../../secret.txt',
        '/assets/../../../../../../etc/passwd',
        '/..%252f..%252fsecret.txt',
        '/%c0%ae%c0%ae/%c0%ae%c0%ae/secret.txt',
        '/%c0%af..%c0%afsecret.txt',
        '/..;/secret.txt',
        '/.env',
        '/%2eenv',
        '/assets/.%2e/.env',
        '/index.html%00.js',
        '/assets/app-1234.js%00',
        '/%00',
        '/%00/../secret.txt',
        '/assets/%00app-1234.js',
        '/%ZZ',
        '/%',
        '//etc/passwd',
        '///secret.txt',
        '/assets//app-1234.js',
        '/assets/app-1234.js/..%2f..%2f..%2fsecret.txt',
        '/dist.txt',
        '/../dist.txt',
        '/v1/docs/..%2f..%2f..%2f..%2fpackage.json',
        '/v1/docs/static/..%2f..%2f..%2f..%2f..%2fpackage.json',
        '/v1/docs/static/%2e%2e/%2e%2e/%2e%2e/package.json',
        '/v1/docs/static/../../../../package.json',
        '/v1/docs/%00',
        '/v1/docs/static/%00index.html',
        '/v1/docs/json?%00=%00',
        '/v1/docs/yaml/..%2f..%2f',
        '/v1/..%2f..%2fsecret.txt',
        '/v1/%2e%2e/%2e%2e/secret.txt',
        `/${'a'.repeat(8_000)}`,
        `/assets/${'a/'.repeat(4_000)}app.js`,
        `/v1/docs/${'..%2f'.repeat(2_000)}`,
        `/${'%2e%2e%2f'.repeat(5_000)}secret.txt`,
        `/${'x'.repeat(70_000)}`,
      ];
      const segments = fc.constantFrom(
        '..',
        '.',
        '%2e%2e',
        '%2E%2E',
        '%2f',
        '%5c',
        '%00',
        '%252e%252e',
        '%c0%ae',
        'assets',
        'index.html',
        'app-1234.js',
        '.env',
        'secret.txt',
        'etc',
        'passwd',
        'static',
        '~',
        '%ff',
        '',
      );
      const prefixes = fc.constantFrom('/', '/assets/', '/v1/docs/', '/v1/docs/static/', '/v1/');
      const random = fc.sample(
        fc.tuple(prefixes, fc.array(segments, { minLength: 1, maxLength: 8 }), fc.boolean()),
        { seed: 21, numRuns: 300 },
      );
      const paths = [
        ...fixed,
        ...random.map(([prefix, parts, slash]) => `${prefix}${parts.join(slash ? '/' : '')}`),
      ];
      const accepts = ['text/html', '*/*', 'application/json'];
      let requests = 0;
      const statuses: Record<string, number> = {};
      for (const [i, target] of paths.entries()) {
        const accept = accepts[i % accepts.length] ?? '*/*';
        // Raw: a client library would normalise the path before sending it.
        const result = await rawExchange(
          port,
          [`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: ${accept}\r\nConnection: close\r\n\r\n`],
          5_000,
        );
        requests += 1;
        count(target.startsWith('/v1/docs') ? 'docs-paths' : 'static-paths');
        const status = statusOf(result.bytes);
        statuses[String(status ?? 'closed')] = (statuses[String(status ?? 'closed')] ?? 0) + 1;
        const text = result.bytes.toString('latin1');
        const body = text.slice(text.indexOf('\r\n\r\n') + 4);
        const label = `GET ${target.slice(0, 100)} (${accept})`;
        if (status === null || status >= 500) staticFailures.push(`${label}: ${status}`);
        const leaked = FORBIDDEN.find((marker) => text.includes(marker));
        if (leaked) staticFailures.push(`${label}: leaked ${leaked}`);
        if (status === 200 && !target.startsWith('/v1/docs')) {
          const isBuildFile = buildFiles.some((content) => body.includes(content));
          if (!isBuildFile) staticFailures.push(`${label}: 200 with a body that is not a build file`);
        }
      }
      const health = await fetch(`http://127.0.0.1:${port}/v1/healthz`);
      expect(health.status).toBe(200);
      const index = await fetch(`http://127.0.0.1:${port}/assets/app-1234.js`);
      expect(await index.text()).toBe(APP_JS);
      record('static', staticFailures.length, {
        requests,
        perStatus: statuses,
        durationS: (performance.now() - started) / 1000,
      });
      expect(rejections).toEqual([]);
      expect(staticFailures).toEqual([]);
    },
  );

  function record(
    key: 'live' | 'static',
    failed: number,
    extra: { durationS: number } & Record<string, unknown>,
  ) {
    const summary = {
      date: new Date().toISOString(),
      ...extra,
      durationS: Math.round(extra.durationS * 10) / 10,
      perCategory: Object.fromEntries(
        Object.entries(counts).filter(([category]) =>
          key === 'live' ? !category.endsWith('-paths') : category.endsWith('-paths'),
        ),
      ),
      failures: failed,
    };
    console.log(`fuzz-${key}: ${JSON.stringify(summary)}`);
    if (!process.env.FUZZ_RESULTS) return;
    const dir = path.resolve(import.meta.dirname, '../../../bench/results');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `fuzz-${summary.date.slice(0, 10)}.json`);
    const previous: unknown = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
    writeFileSync(file, `${JSON.stringify({ ...(previous as object), [key]: summary }, null, 2)}\n`);
  }
});

/** Opens /v1/live, sends `messages`, and waits for the server to close: its code (null: no close in time). */
async function openAndSend(
  t: TestApp,
  messages: ReadonlyArray<string | Buffer>,
): Promise<{ code: number | null; elapsedMs: number }> {
  const started = performance.now();
  let resolveClose: (code: number) => void = () => undefined;
  const closed = new Promise<number>((resolve) => {
    resolveClose = resolve;
  });
  const ws: WebSocket = await t.app.injectWS(
    '/v1/live',
    {},
    {
      onInit(socket) {
        socket.on('close', (code) => resolveClose(code));
        socket.on('error', () => undefined);
      },
    },
  );
  for (const message of messages) ws.send(message);
  const code = await Promise.race([
    closed,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), SESSION_BOUND_MS + 1_000)),
  ]);
  if (code === null) ws.terminate();
  return { code, elapsedMs: performance.now() - started };
}

async function until(probe: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}
