/**
 * The Mailer: every message goes into the outbox table. With SMTP_URL it is then delivered by nodemailer in the
 * background (status sent / failed, retried by the worker); without SMTP it stays there with status 'kept', which
 * SUPER_ADMIN can read at GET /v1/outbox. Attachments are recorded by storage key; their bytes are read from file
 * storage at each delivery attempt, so a retried mail still carries its files.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client.ts';
import type { FileStorage } from '../storage/index.ts';
import type { MailAttachment, Mailer, MailMessage } from './mailer.ts';
import { insertOutbox, listFailedOutbox, markOutbox, type OutboxRow } from './outbox.repository.ts';

export interface OutboxMailerOptions {
  db: Db;
  from: string;
  smtpUrl?: string | undefined;
  /** Where attachment bytes live (needed to deliver mail with attachments through SMTP). */
  storage?: FileStorage | undefined;
  /** Called when a background delivery fails (logging). */
  onError?: (error: unknown, outboxId: bigint) => void;
}

export function createOutboxMailer(options: OutboxMailerOptions): Mailer {
  const { db } = options;
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const inFlight = new Set<Promise<void>>();

  async function readAttachments(attachments: readonly MailAttachment[]) {
    if (attachments.length === 0) return [];
    const { storage } = options;
    if (!storage) throw new Error('The mail has attachments but the mailer has no file storage');
    return Promise.all(
      attachments.map(async (a) => {
        const object = await storage.get(a.storageKey);
        if (!object) throw new Error(`Attachment ${a.fileName} is missing from storage`);
        return { filename: a.fileName, contentType: a.contentType, content: object.bytes };
      }),
    );
  }

  async function deliver(id: bigint, message: MailMessage, previousAttempts: number): Promise<boolean> {
    if (!transport) return false;
    const attempts = previousAttempts + 1;
    try {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: await readAttachments(message.attachments ?? []),
      });
      await markOutbox(db, id, { status: 'sent', error: null, sentAt: new Date(), attempts });
      return true;
    } catch (error) {
      options.onError?.(error, id);
      const reason = error instanceof Error ? error.message : String(error);
      await markOutbox(db, id, { status: 'failed', error: reason.slice(0, 1000), sentAt: null, attempts });
      return false;
    }
  }

  function track(promise: Promise<unknown>): void {
    const settled = promise.then(
      () => undefined,
      (error: unknown) => options.onError?.(error, 0n),
    );
    inFlight.add(settled);
    void settled.finally(() => inFlight.delete(settled));
  }

  return {
    async send(message) {
      const id = await insertOutbox(db, {
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        status: transport ? 'queued' : 'kept',
        attachments: message.attachments ?? [],
      });
      if (transport) track(deliver(id, message, 0));
      return id;
    },
    async flush() {
      await Promise.all([...inFlight]);
    },
    async retryFailed(limit = 50) {
      if (!transport) return 0;
      const failed: OutboxRow[] = await listFailedOutbox(db, limit);
      let sent = 0;
      for (const row of failed) {
        const message: MailMessage = {
          to: row.to,
          subject: row.subject,
          text: row.text,
          ...(row.html ? { html: row.html } : {}),
          attachments: row.attachments,
        };
        if (await deliver(row.id, message, row.attempts)) sent += 1;
      }
      return sent;
    },
    async close() {
      await Promise.all([...inFlight]);
      transport?.close();
    },
  };
}
