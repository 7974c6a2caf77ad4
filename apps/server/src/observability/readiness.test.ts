import { describe, expect, it } from 'vitest';
import type { Bus } from '../bus/bus.ts';
import type { Db } from '../db/client.ts';
import { BUS_DOWN, checkReadiness, DATABASE_DOWN } from './readiness.ts';

/** A Db whose every statement hangs (a pool with every connection taken, a black-holed server) or answers. */
const dbThat = (behaviour: 'hangs' | 'answers' | 'fails') =>
  ({
    execute: () =>
      behaviour === 'hangs'
        ? new Promise(() => undefined)
        : behaviour === 'fails'
          ? Promise.reject(new Error('connect ECONNREFUSED'))
          : Promise.resolve({ rows: [{ ok: 1 }] }),
  }) as unknown as Db;
const busThat = (answers: boolean) =>
  ({ ping: () => (answers ? Promise.resolve() : new Promise(() => undefined)) }) as unknown as Bus;

describe('readiness', () => {
  it('is ready when the database and the bus answer', async () => {
    expect(await checkReadiness(dbThat('answers'), busThat(true))).toBeNull();
    expect(await checkReadiness(dbThat('answers'), undefined)).toBeNull();
  });

  it('names the database when it fails or hangs, answering within the bound', async () => {
    expect(await checkReadiness(dbThat('fails'), busThat(true))).toBe(DATABASE_DOWN);
    const started = Date.now();
    expect(await checkReadiness(dbThat('hangs'), busThat(false), 100)).toBe(DATABASE_DOWN);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('names the bus when Redis does not answer', async () => {
    expect(await checkReadiness(dbThat('answers'), busThat(false), 100)).toBe(BUS_DOWN);
  });
});
