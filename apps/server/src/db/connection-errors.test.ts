import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../http/error-handler.ts';
import {
  DATABASE_BUSY_MESSAGE,
  DATABASE_TIMEOUT_MESSAGE,
  DATABASE_UNREACHABLE_MESSAGE,
  isUnreachable,
  unavailableKind,
} from './connection-errors.ts';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
/** drizzle-orm wraps the driver's error: `DrizzleQueryError { cause }`. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('which errors mean the database is away', () => {
  it.each([
    [
      'a refused connection',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    ['a reset connection', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    [
      'pg_ctl stop -m fast (admin_shutdown)',
      pgError('57P01', 'terminating connection due to administrator command'),
    ],
    ['pg_ctl stop -m immediate (crash_shutdown)', pgError('57P02')],
    ['a server starting up', pgError('57P03', 'the database system is starting up')],
    ['a connection exception (class 08)', pgError('08006')],
    ['too many connections', pgError('53300')],
    ['a connection that ended under a query', new Error('Connection terminated unexpectedly')],
    [
      'a client that lost its connection',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
  ])('%s is "unreachable", also when drizzle wraps it', (_label, error) => {
    expect(unavailableKind(error)).toBe('unreachable');
    expect(isUnreachable(wrapped(error))).toBe(true);
  });

  it('tells a full pool ("busy") and a statement timeout apart from an outage', () => {
    expect(unavailableKind(wrapped(new Error('timeout exceeded when trying to connect')))).toBe('busy');
    expect(unavailableKind(pgError('57014', 'canceling statement due to statement timeout'))).toBe('timeout');
    expect(isUnreachable(new Error('timeout exceeded when trying to connect'))).toBe(false);
  });

  it('leaves ordinary errors alone', () => {
    for (const error of [
      pgError('23505', 'duplicate key value violates unique constraint'),
      pgError('22P02', 'invalid input syntax for type bigint'),
      pgError('57014', 'canceling statement due to user request'),
      new Error('something else'),
      'a string',
      null,
      undefined,
    ]) {
      expect(unavailableKind(error)).toBeUndefined();
    }
  });
});

describe('the API answer when the database is away', () => {
  async function answerFor(error: unknown) {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/fails', async () => {
      throw error;
    });
    const response = await app.inject({ method: 'GET', url: '/fails' });
    await app.close();
    return response;
  }

  it('is a 503 envelope with a clear message and Retry-After, not a 500', async () => {
    const response = await answerFor(
      wrapped(pgError('57P01', 'terminating connection due to administrator command')),
    );
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ success: false, message: DATABASE_UNREACHABLE_MESSAGE });
  });

  it('says "busy" when no pooled connection was free and "too long" after a statement timeout', async () => {
    const busy = await answerFor(wrapped(new Error('timeout exceeded when trying to connect')));
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toEqual({ success: false, message: DATABASE_BUSY_MESSAGE });
    const slow = await answerFor(pgError('57014', 'canceling statement due to statement timeout'));
    expect(slow.statusCode).toBe(503);
    expect(slow.json()).toEqual({ success: false, message: DATABASE_TIMEOUT_MESSAGE });
  });

  it('still answers 500 for a defect', async () => {
    const response = await answerFor(new Error('boom'));
    expect(response.statusCode).toBe(500);
  });
});
