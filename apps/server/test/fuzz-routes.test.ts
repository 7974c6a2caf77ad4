/**
 * Bad input on every route (issue 9 "Bad input"): malformed JSON, wrong shapes, wrong types on every declared field,
 * bogus path params, unknown content types, oversized and empty bodies — as SUPER_ADMIN and without a token.
 *
 * Invariant: never a 5xx; every 4xx is the envelope `{ success: false, message: <non-empty> }`; /v1/healthz still
 * answers afterwards. Routes come from app.routeCatalogue (every /v1 route a module declares, so a later route is
 * fuzzed without touching this file); their body/query/params schemas come from the OpenAPI document generated from
 * the same zod schemas (app.swagger()). Not fuzzed here: the /v1/live WebSocket upgrade and its frames (a GET
 * without an Upgrade header is still sent, see below), /v1/docs (swagger UI plugin) and the static console (no /v1
 * prefix): test/fuzz-live.test.ts fuzzes those on a listening server.
 *
 * Deterministic: a fixed matrix plus fast-check samples with a fixed seed. Counts per category are printed; with
 * FUZZ_RESULTS=1 they are also written to bench/results/fuzz-<date>.json.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { RouteCatalogueEntry } from '../src/http/types.ts';
import { useTestApp } from './helpers.ts';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  pattern?: string;
  default?: unknown;
};
interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
type OpenApiDoc = { paths: Record<string, Record<string, OpenApiOperation>> };

const HUGE = 'x'.repeat(100_000);
const BOGUS_PARAMS = [
  'abc',
  '-1',
  '0',
  '99999999999999999999',
  '1.5',
  '..%2F..%2Fetc%2Fpasswd',
  '%E0%A4%A8%F0%9F%9A%8C',
  '%00',
  'NaN',
];
/** Wrong types for a JSON field: numbers as strings, strings as objects, huge and non-finite numbers, null … */
const WRONG_VALUES: unknown[] = [
  '123',
  'not-a-number',
  { nested: { x: 1 } },
  [1, 'a'],
  HUGE,
  -1,
  -1e20,
  1e308,
  1e20,
  1.5,
  null,
  true,
  '',
  '2026-13-45T99:99:99Z',
  '\u0000\u202e<script>',
];
/** Wrong values for a query field (always strings on the wire). */
const WRONG_QUERY = [
  'abc',
  '-1',
  '99999999999999999999',
  'NaN',
  '',
  '1e400',
  '[object Object]',
  HUGE.slice(0, 20_000),
  '%00',
  'true',
];

const counts: Record<string, number> = {};
const failures: string[] = [];

/** A plausible value for a schema: lets a single wrong field get past the others and reach deeper checks. */
function sample(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 4) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt?.length) return sample(alt.find((s) => s.type !== 'null') ?? alt[0], depth + 1);
  if (schema.allOf?.length) return sample(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(schema.properties ?? {})) out[k] = sample(v, depth + 1);
      return out;
    }
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
      if (schema.format === 'date') return '2026-01-01';
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.format === 'uri') return 'https://example.com/';
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return null;
  }
}

const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');

describe('fuzzing every route', () => {
  const t = useTestApp();

  function record(category: string, label: string, res: LightMyRequestResponse) {
    counts[category] = (counts[category] ?? 0) + 1;
    const status = res.statusCode;
    if (status >= 500) {
      failures.push(`${status} ${label} → ${res.body.slice(0, 200)}`);
      return;
    }
    if (status >= 400) {
      let body: unknown;
      try {
        body = res.json();
      } catch {
        body = undefined;
      }
      const env = body as { success?: unknown; message?: unknown } | undefined;
      if (!env || env.success !== false || typeof env.message !== 'string' || env.message.trim() === '') {
        failures.push(`${status} without envelope: ${label} → ${res.body.slice(0, 200)}`);
      }
    }
  }

  it(
    'answers a clear 4xx (or a 2xx) and never a 5xx to bad input on every route',
    { timeout: 600_000 },
    async () => {
      const started = Date.now();
      const doc = t.app.swagger() as unknown as OpenApiDoc;
      const catalogue = (t.app as unknown as { routeCatalogue: RouteCatalogueEntry[] }).routeCatalogue;
      // Session-ending routes last, so a valid-by-chance request cannot sign the fuzzer out early.
      const routes = [...catalogue].sort(
        (a, b) => Number(a.url.startsWith('/v1/auth')) - Number(b.url.startsWith('/v1/auth')),
      );
      expect(routes.length).toBeGreaterThan(50);
      let headers = await t.auth('SUPER_ADMIN');
      const random = fc.sample(fc.jsonValue({ maxDepth: 3 }), { seed: 9, numRuns: 400 });
      let randomIndex = 0;
      /** Catalogue routes the OpenAPI document does not describe: fuzzed with the generic cases only. */
      const withoutSchema: string[] = [];

      async function send(
        category: string,
        entry: RouteCatalogueEntry,
        url: string,
        init: { payload?: string | Buffer; contentType?: string; auth?: boolean } = {},
      ) {
        const reqHeaders: Record<string, string> = {};
        if (init.auth !== false) Object.assign(reqHeaders, headers);
        if (init.contentType) reqHeaders['content-type'] = init.contentType;
        const res = await t.app.inject({
          method: entry.method as 'GET',
          url,
          headers: reqHeaders,
          ...(init.payload === undefined ? {} : { payload: init.payload }),
        });
        const sent = typeof init.payload === 'string' ? init.payload.slice(0, 160) : '';
        record(category, `${entry.method} ${url.slice(0, 120)} [${category}] ${sent}`, res);
        // A valid-by-chance call to a session route may end the session: sign in again.
        if (res.statusCode === 401 && init.auth !== false) headers = await t.auth('SUPER_ADMIN', undefined);
        return res;
      }
      const json = (value: unknown) => ({ payload: JSON.stringify(value), contentType: 'application/json' });

      for (const entry of routes) {
        const op = doc.paths[openApiPath(entry.url)]?.[entry.method.toLowerCase()];
        if (!op) withoutSchema.push(`${entry.method} ${entry.url}`);
        const query = (op?.parameters ?? []).filter((p) => p.in === 'query');
        const bodySchema = op?.requestBody?.content?.['application/json']?.schema;
        const hasBody =
          !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(entry.method) || bodySchema !== undefined;
        const fill = (value: string) => entry.url.replace(/:[A-Za-z_]+/g, value).replace(/\*$/, value);
        const url = fill('987654321');
        const validQuery = new URLSearchParams();
        for (const q of query) {
          const v = sample(q.schema);
          if (v !== null && typeof v !== 'object') validQuery.set(q.name, String(v));
        }

        // Bogus path params (every param at once).
        if (/[:*]/.test(entry.url)) {
          for (const bogus of BOGUS_PARAMS)
            await send('path-params', entry, fill(bogus), hasBody ? json(sample(bodySchema) ?? {}) : {});
        }
        // Wrong query values, one field at a time, the others plausible.
        for (const q of query) {
          for (const wrong of WRONG_QUERY) {
            const qs = new URLSearchParams(validQuery);
            qs.set(q.name, wrong);
            await send('query-types', entry, `${url}?${qs.toString()}`);
          }
        }
        // Without a token.
        await send('unauthenticated', entry, url, {
          ...(hasBody ? json(sample(bodySchema) ?? {}) : {}),
          auth: false,
        });
        if (!hasBody) continue;

        await send('malformed-json', entry, url, { payload: '{"a":', contentType: 'application/json' });
        await send('malformed-json', entry, url, { payload: '{"a":1}}', contentType: 'application/json' });
        for (const shape of [[], 'text', 42, null, true]) await send('wrong-shape', entry, url, json(shape));
        await send('empty-body', entry, url, { payload: '', contentType: 'application/json' });
        await send('empty-body', entry, url, {});
        await send('content-type', entry, url, { payload: 'hello', contentType: 'text/plain' });
        await send('content-type', entry, url, { payload: '<a/>', contentType: 'application/xml' });
        await send('content-type', entry, url, {
          payload: '--x\r\nContent-Disposition: form-data; name="files"; filename="a"\r\n\r\nabc',
          contentType: 'multipart/form-data; boundary=x',
        });
        await send('oversized', entry, url, {
          payload: `{"a":"${'x'.repeat(1024 * 1024 + 16)}"}`,
          contentType: 'application/json',
        });
        const base = sample(bodySchema);
        if (base && typeof base === 'object' && !Array.isArray(base)) {
          await send('plausible-body', entry, url, json(base));
          for (const field of Object.keys(base)) {
            for (const wrong of WRONG_VALUES)
              await send('body-types', entry, url, json({ ...base, [field]: wrong }));
          }
        }
        for (let i = 0; i < 2; i += 1) {
          await send('random-json', entry, url, json(random[randomIndex++ % random.length]));
        }
      }

      const health = await t.app.inject({ method: 'GET', url: '/v1/healthz' });
      expect(health.statusCode).toBe(200);

      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      const summary = {
        date: new Date().toISOString(),
        routes: routes.length,
        requests: total,
        perCategory: counts,
        durationS: Math.round((Date.now() - started) / 100) / 10,
        failures: failures.length,
        routesWithoutSchema: withoutSchema,
      };
      console.log(`fuzz-routes: ${JSON.stringify(summary)}`);
      if (process.env.FUZZ_RESULTS) {
        const dir = path.resolve(import.meta.dirname, '../../../bench/results');
        mkdirSync(dir, { recursive: true });
        const file = path.join(dir, `fuzz-${summary.date.slice(0, 10)}.json`);
        // The gateway fuzz (src/gateway/fuzz.gateway.test.ts) writes its own key into the same file.
        const previous: unknown = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
        writeFileSync(file, `${JSON.stringify({ ...(previous as object), routes: summary }, null, 2)}\n`);
      }
      expect(failures).toEqual([]);
    },
  );

  it('answers 400 to values only the database can reject (regressions found by this fuzzer)', async () => {
    const nul = await t.call('SUPER_ADMIN', 'POST', '/v1/auth/forgot-password', { username: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ success: false, message: expect.stringContaining('NUL') });
    const range = await t.call('SUPER_ADMIN', 'GET', '/v1/roles?_id=99999999999999999999');
    expect(range.statusCode).toBe(400);
    expect(range.json()).toEqual({ success: false, message: 'A number in the request is out of range.' });
    const upload = await t.app.inject({
      method: 'POST',
      url: '/v1/file',
      headers: { ...(await t.auth('SUPER_ADMIN')), 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="files"; filename="a"\r\n\r\nabc',
    });
    expect(upload.statusCode).toBe(400);
    expect(upload.json()).toEqual({ success: false, message: 'The upload is not a valid multipart form.' });
  });
});
