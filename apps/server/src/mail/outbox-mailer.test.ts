import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/helpers.ts';
import { createOutboxMailer } from './outbox-mailer.ts';
import { listRecentOutbox } from './outbox.repository.ts';
import { createLocalDiskStorage } from '../storage/index.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1 that records what it receives, and can be told to reject mail. */
async function startSmtp(): Promise<{
  port: number;
  received: Received[];
  setRejecting(v: boolean): void;
  close(): Promise<void>;
}> {
  const received: Received[] = [];
  let rejecting = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (rejecting) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    setRejecting: (v) => {
      rejecting = v;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('outbox mailer', () => {
  let testDb: TestDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    testDb = await openTestDatabase();
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
    await testDb?.close();
  });

  it('delivers through SMTP and records the mail as sent', async () => {
    const mailer = createOutboxMailer({
      db: testDb.db,
      from: 'CivicFleet <no-reply@civicfleet.in>',
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
    });
    await mailer.send({
      to: 'ward12@imcindore.org',
      subject: 'Route report',
      text: 'Ward 12 covered 98%',
      html: '<p>Ward 12 covered 98%</p>',
    });
    await mailer.flush();
    const mail = smtp.received.at(-1);
    expect(mail?.from).toBe('no-reply@civicfleet.in');
    expect(mail?.to).toEqual(['ward12@imcindore.org']);
    expect(mail?.raw).toContain('Subject: Route report');
    expect(mail?.raw).toContain('Ward 12 covered 98%');
    const [row] = await listRecentOutbox(testDb.db, 1, 'ward12@imcindore.org');
    expect(row).toMatchObject({ status: 'sent', error: null, attempts: 1 });
    expect(row?.sentAt).toBeInstanceOf(Date);
    await mailer.close();
  });

  it('records a refused mail as failed and delivers it on retry', async () => {
    const mailer = createOutboxMailer({
      db: testDb.db,
      from: 'no-reply@civicfleet.in',
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
    });
    smtp.setRejecting(true);
    await mailer.send({ to: 'zone3@imcindore.org', subject: 'Alert', text: 'SOS from MP09 AB 1234' });
    await mailer.flush();
    const [failed] = await listRecentOutbox(testDb.db, 1, 'zone3@imcindore.org');
    expect(failed?.status).toBe('failed');
    expect(failed?.error).toMatch(/Mailbox unavailable/);

    smtp.setRejecting(false);
    expect(await mailer.retryFailed()).toBe(1);
    const [sent] = await listRecentOutbox(testDb.db, 1, 'zone3@imcindore.org');
    expect(sent).toMatchObject({ status: 'sent', error: null, attempts: 2 });
    expect(smtp.received.some((m) => m.to.includes('zone3@imcindore.org'))).toBe(true);
    await mailer.close();
  });

  it('records an unreachable server as failed', async () => {
    const mailer = createOutboxMailer({
      db: testDb.db,
      from: 'no-reply@civicfleet.in',
      smtpUrl: 'smtp://127.0.0.1:1',
    });
    await mailer.send({ to: 'nowhere@imcindore.org', subject: 'x', text: 'y' });
    await mailer.flush();
    const [row] = await listRecentOutbox(testDb.db, 1, 'nowhere@imcindore.org');
    expect(row?.status).toBe('failed');
    await mailer.close();
  });

  it('keeps mail in the outbox when no SMTP is configured', async () => {
    const mailer = createOutboxMailer({ db: testDb.db, from: 'no-reply@civicfleet.in' });
    await mailer.send({ to: 'kept@imcindore.org', subject: 'OTP', text: 'code 123456' });
    const [row] = await listRecentOutbox(testDb.db, 1, 'kept@imcindore.org');
    expect(row).toMatchObject({ status: 'kept', text: 'code 123456', sentAt: null });
    expect(await mailer.retryFailed()).toBe(0);
    await mailer.close();
  });

  it('sends attachments read from storage, also when a refused mail is retried', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'cf-mail-'));
    const storage = createLocalDiskStorage(root);
    const bytes = Buffer.from('Sr,Zone\n1,Zone 3\n');
    await storage.put('report-exports/abc123.csv', bytes, 'text/csv');
    const mailer = createOutboxMailer({
      db: testDb.db,
      from: 'no-reply@civicfleet.in',
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      storage,
    });
    const attachment = {
      fileName: 'Cumulative_Distance_Report.csv',
      contentType: 'text/csv',
      storageKey: 'report-exports/abc123.csv',
      sizeBytes: bytes.length,
    };
    smtp.setRejecting(true);
    await mailer.send({
      to: 'files@imcindore.org',
      subject: 'Report',
      text: 'attached',
      attachments: [attachment],
    });
    await mailer.flush();
    const [failed] = await listRecentOutbox(testDb.db, 1, 'files@imcindore.org');
    expect(failed).toMatchObject({ status: 'failed', attachments: [attachment] });

    smtp.setRejecting(false);
    // (The unreachable-server mail of the test above is retried too.)
    expect(await mailer.retryFailed()).toBeGreaterThanOrEqual(1);
    const [sent] = await listRecentOutbox(testDb.db, 1, 'files@imcindore.org');
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    const mail = smtp.received.find((m) => m.to.includes('files@imcindore.org'));
    expect(mail?.raw).toContain('filename=Cumulative_Distance_Report.csv');
    expect(mail?.raw).toContain(bytes.toString('base64'));
    await mailer.close();
    await rm(root, { recursive: true, force: true });
  });
});
