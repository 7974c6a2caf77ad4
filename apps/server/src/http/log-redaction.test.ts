import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { openTestDatabase, testEnv } from '../../test/helpers.ts';
import { buildApi } from '../app.ts';
import { loadBrand } from '../config/brand.ts';
import { createOutboxMailer } from '../mail/outbox-mailer.ts';
import { redactUrl } from './log-redaction.ts';

describe('request log redaction', () => {
  it('replaces the values of secret query parameters and keeps the rest', () => {
    expect(redactUrl('/v1/live?token=eyJabc.def&x=1')).toBe('/v1/live?token=[redacted]&x=1');
    expect(redactUrl('/v1/public/share?token=abc')).toBe('/v1/public/share?token=[redacted]');
    expect(redactUrl('/v1/live?share=s3cret')).toBe('/v1/live?share=[redacted]');
    expect(redactUrl('/v1/x?Refresh%54oken=r&page=2')).toBe('/v1/x?Refresh%54oken=[redacted]&page=2');
    expect(redactUrl('/v1/vehicle?search=MP09')).toBe('/v1/vehicle?search=MP09');
    expect(redactUrl('/v1/vehicle')).toBe('/v1/vehicle');
    expect(redactUrl('/v1/x?token')).toBe('/v1/x?token');
  });
});

describe('the API request log', () => {
  it('never holds a token from the query string', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const test = await openTestDatabase();
    const env = testEnv();
    const app = await buildApi(
      {
        db: test.db,
        env,
        brand: loadBrand(env.brand),
        mailer: createOutboxMailer({ db: test.db, from: env.mailFrom, smtpUrl: env.smtpUrl }),
      },
      { logger: { level: 'info', stream } },
    );
    try {
      await app.inject({ method: 'GET', url: '/v1/healthz?token=SECRET-ACCESS-TOKEN&probe=1' });
      const log = lines.join('');
      expect(log).toContain('/v1/healthz?token=[redacted]&probe=1');
      expect(log).not.toContain('SECRET-ACCESS-TOKEN');
    } finally {
      await app.close();
      await test.close();
    }
  });
});
