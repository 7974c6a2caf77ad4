/** GET /v1/outbox (SUPER_ADMIN): recent outgoing mail; without SMTP this is where mail is kept. */
import { z } from 'zod';

export const OUTBOX_STATUSES = ['queued', 'sent', 'failed', 'kept'] as const;

export const OutboxQuerySchema = z.object({
  to: z.string().trim().toLowerCase().max(255).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const OutboxEntrySchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  status: z.enum(OUTBOX_STATUSES),
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** Files sent with the mail (scheduled reports): their names and sizes; the bytes stay in storage. */
  attachments: z.array(
    z.object({ fileName: z.string(), contentType: z.string(), sizeBytes: z.number().int() }),
  ),
});
export type OutboxEntry = z.infer<typeof OutboxEntrySchema>;
