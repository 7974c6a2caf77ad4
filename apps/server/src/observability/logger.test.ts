import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createProcessLogger } from './logger.ts';

describe('createProcessLogger', () => {
  it('writes Fastify-shaped JSON lines with the role, honours the level and serialises errors', async () => {
    const out = new PassThrough();
    const lines: string[] = [];
    out.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').trim().split('\n')));
    const log = createProcessLogger({ role: 'worker', level: 'info', destination: out });
    log.debug({ job: 'x' }, 'not written at info');
    log.info({ job: 'purge-expired-sessions', durationMs: 12 }, 'job done');
    log.error({ job: 'retry-failed-mail', err: new Error('smtp down') }, 'job failed');
    await new Promise((resolve) => setImmediate(resolve));
    const [done, failed, ...rest] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(rest).toEqual([]);
    expect(done).toMatchObject({
      level: 30,
      role: 'worker',
      pid: process.pid,
      job: 'purge-expired-sessions',
      durationMs: 12,
      msg: 'job done',
    });
    expect(typeof done?.time).toBe('number');
    expect(typeof done?.hostname).toBe('string');
    expect(failed).toMatchObject({
      level: 50,
      msg: 'job failed',
      err: { type: 'Error', message: 'smtp down' },
    });
    expect(String((failed?.err as { stack?: unknown }).stack)).toContain('smtp down');
  });
});
