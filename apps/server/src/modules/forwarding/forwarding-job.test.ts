/**
 * The delivery job against real receivers: retried on 5xx and delivered once, Retry-After honoured, dead letters after
 * the last attempt and retried from the API, 4xx not retried, network errors retried, and two concurrent workers never
 * delivering the same row twice (on PostgreSQL with TEST_DATABASE_URL: two pool connections racing on SKIP LOCKED).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ForwardDeadLetter, ForwardTarget } from '@civicfleet/shared';
import { useTestApp } from '../../../test/helpers.ts';
import { rows } from '../../db/client.ts';
import { sqlClientOf } from '../../gateway/ingest/sql-client.ts';
import { backoffMs, deliverForwarding, DEFAULT_RETRY_POLICY, type RetryPolicy } from './forwarding-job.ts';
import type { WebhookEnvelope } from './payload.ts';
import { closedPort, startHttpReceiver, type HttpReceiver } from './testing/receivers.ts';

/** The receivers of these tests listen on loopback, which the SSRF guard refuses by default. */
const LOOPBACK_OK = { allowPrivateAddresses: true };

const POLICY: RetryPolicy = {
  maxAttempts: 3,
  baseDelayMs: 1_000,
  maxDelayMs: 10_000,
  maxRetryAfterMs: 3_600_000,
};

describe('forwarding delivery', () => {
  const t = useTestApp();
  let receiver: HttpReceiver;
  let nowMs = Date.parse('2026-11-26T10:00:00Z');
  const clock = () => nowMs;

  beforeAll(async () => {
    receiver = await startHttpReceiver();
  });
  afterAll(async () => receiver?.close());
  beforeEach(() => {
    receiver.requests.length = 0;
    receiver.answers.length = 0;
    nowMs += 3_600_000;
  });

  async function target(over: Record<string, unknown> = {}): Promise<ForwardTarget> {
    const res = await t.call('ADMIN', 'POST', '/v1/forwarding/targets', {
      name: `hook ${Math.random()}`,
      kind: 'webhook',
      url: receiver.url,
      ...over,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ForwardTarget;
  }

  async function enqueue(targetId: string, count: number): Promise<void> {
    await t.db.execute(sql`
      insert into forward_queue (target_id, kind, payload)
      select ${targetId}, 'alert', jsonb_build_object('type', 'alert', 'alertType', 'sos', 'n', n)
        from generate_series(1, ${count}) n`);
  }

  const deliver = (policy = POLICY) =>
    deliverForwarding(sqlClientOf(t.database), { clock, policy, random: () => 0.5, addresses: LOOPBACK_OK });
  const state = async (targetId: string) =>
    (
      await rows<{ pending: number; dead: number; paused_until: Date | null; last_error: string | null }>(
        t.db,
        sql`select (select count(*)::int from forward_queue where target_id = t.id and status = 'pending') as pending,
                   (select count(*)::int from forward_queue where target_id = t.id and status = 'dead') as dead,
                   paused_until, last_error
              from forward_targets t where id = ${targetId}`,
      )
    )[0];
  const itemIds = (requests: HttpReceiver['requests']) =>
    requests.flatMap((r) => (JSON.parse(r.body) as WebhookEnvelope).items.map((i) => i.id));

  it('backs off exponentially with jitter, capped', () => {
    expect(backoffMs(1, DEFAULT_RETRY_POLICY, () => 0.5)).toBe(30_000);
    expect(backoffMs(2, DEFAULT_RETRY_POLICY, () => 0.5)).toBe(60_000);
    expect(backoffMs(7, DEFAULT_RETRY_POLICY, () => 0.5)).toBe(30 * 60_000);
    expect(backoffMs(1, DEFAULT_RETRY_POLICY, () => 0)).toBe(24_000);
    expect(backoffMs(1, DEFAULT_RETRY_POLICY, () => 1)).toBe(36_000);
  });

  it('retries after a 500 and delivers the batch once', async () => {
    const { id } = await target();
    await enqueue(id, 3);
    receiver.answers.push({ status: 500, body: 'oops' });
    expect(await deliver()).toMatchObject({ batches: 1, delivered: 0, failed: 3 });
    expect(await state(id)).toMatchObject({ pending: 3, dead: 0, last_error: 'HTTP 500: oops' });
    // Paused for the backoff (1 s): nothing is sent before it ends.
    expect(await deliver()).toMatchObject({ batches: 0 });
    nowMs += 1_100;
    expect(await deliver()).toMatchObject({ batches: 1, delivered: 3, failed: 0 });
    expect(receiver.requests).toHaveLength(2);
    const [first, second] = receiver.requests.map((r) => JSON.parse(r.body) as WebhookEnvelope);
    expect(second?.items.map((i) => i.id)).toEqual(first?.items.map((i) => i.id));
    expect(await state(id)).toMatchObject({ pending: 0, dead: 0, paused_until: null });
    expect(await deliver()).toMatchObject({ batches: 0 });
    expect(receiver.requests).toHaveLength(2);
  });

  it('honours Retry-After on 429', async () => {
    const { id } = await target();
    await enqueue(id, 1);
    receiver.answers.push({ status: 429, headers: { 'retry-after': '120' } });
    await deliver();
    const paused = await state(id);
    expect(new Date(paused?.paused_until ?? 0).getTime()).toBe(nowMs + 120_000);
    nowMs += 60_000;
    expect(await deliver()).toMatchObject({ batches: 0 });
    nowMs += 61_000;
    expect(await deliver()).toMatchObject({ delivered: 1 });
  });

  it('does not retry a 4xx refusal: the rows become dead letters at once', async () => {
    const { id } = await target();
    await enqueue(id, 2);
    receiver.answers.push({ status: 400, body: 'bad' });
    expect(await deliver()).toMatchObject({ failed: 2 });
    expect(await state(id)).toMatchObject({ pending: 0, dead: 2, paused_until: null });
    nowMs += 3_600_000;
    expect(await deliver()).toMatchObject({ batches: 0 });
    expect(receiver.requests).toHaveLength(1);
  });

  it('retries network errors; after the last attempt the rows are dead letters, and a retry from the API delivers', async () => {
    const port = await closedPort();
    const created = await target({ url: `http://127.0.0.1:${port}/down` });
    await enqueue(created.id, 2);
    for (let attempt = 1; attempt <= POLICY.maxAttempts; attempt++) {
      expect(await deliver()).toMatchObject({ batches: 1, failed: 2 });
      nowMs += 20_000;
    }
    expect(await state(created.id)).toMatchObject({ pending: 0, dead: 2 });
    const letters = await t.call('ADMIN', 'GET', `/v1/forwarding/targets/${created.id}/dead-letters`);
    expect(letters.statusCode).toBe(200);
    const dead = letters.json().data as ForwardDeadLetter[];
    expect(dead).toHaveLength(2);
    expect(dead[0]).toMatchObject({ attempts: POLICY.maxAttempts, kind: 'alert' });
    expect(dead[0]?.lastError).toMatch(/ECONNREFUSED|fetch failed/);

    // The receiver is back (the target now points to it): retry one, then all.
    const {
      url: _url,
      secretHint: _hint,
      stats: _stats,
      id,
      organisationName: _name,
      createdAt: _c,
      updatedAt: _u,
      ...rest
    } = created;
    expect(
      (await t.call('ADMIN', 'PUT', `/v1/forwarding/targets/${id}`, { ...rest, url: receiver.url }))
        .statusCode,
    ).toBe(200);
    const one = await t.call(
      'ADMIN',
      'POST',
      `/v1/forwarding/targets/${id}/dead-letters/${dead[0]?.id}/retry`,
    );
    expect(one.json().data).toEqual({ count: 1 });
    expect(await deliver()).toMatchObject({ delivered: 1 });
    const all = await t.call('ADMIN', 'POST', `/v1/forwarding/targets/${id}/dead-letters/retry`);
    expect(all.json().data).toEqual({ count: 1 });
    expect(await deliver()).toMatchObject({ delivered: 1 });
    expect(itemIds(receiver.requests).sort()).toEqual(dead.map((d) => d.id).sort());
    expect(await state(id)).toMatchObject({ pending: 0, dead: 0 });
  });

  it('two concurrent workers never deliver the same row twice, and each target stays in order', async () => {
    const targets = await Promise.all([1, 2, 3, 4].map(() => target({ batchSize: 7 })));
    for (const { id } of targets) await enqueue(id, 40);
    const db = sqlClientOf(t.database);
    const run = () => deliverForwarding(db, { clock, policy: POLICY, addresses: LOOPBACK_OK });
    const [a, b] = await Promise.all([run(), run()]);
    expect((a?.delivered ?? 0) + (b?.delivered ?? 0)).toBe(160);
    const ids = itemIds(receiver.requests);
    expect(ids).toHaveLength(160);
    expect(new Set(ids).size).toBe(160);
    for (const request of receiver.requests) {
      const items = (JSON.parse(request.body) as WebhookEnvelope).items.map((i) => Number(i.id));
      expect(items).toEqual([...items].sort((x, y) => x - y));
    }
    for (const { id } of targets) expect(await state(id)).toMatchObject({ pending: 0, dead: 0 });
  });
});
