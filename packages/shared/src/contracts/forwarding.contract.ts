/**
 * Forwarding (issue 9, docs/forwarding.md): per organisation, targets that receive its positions and alerts as signed
 * JSON batches (`webhook`), or its AIS-140 emergency packets byte for byte over TCP (`emergency`, a state ERSS
 * backend). Routes: /v1/forwarding (module `forwarding`). Secrets are write-only: answers carry a masked hint.
 */
import { z } from 'zod';
import { IdSchema } from './envelope.ts';

export const FORWARD_TARGET_KINDS = ['webhook', 'emergency'] as const;
export type ForwardTargetKind = (typeof FORWARD_TARGET_KINDS)[number];

export const FORWARD_LIMITS = {
  nameMax: 100,
  urlMax: 2048,
  secretMin: 16,
  secretMax: 200,
  batchSizeMax: 1000,
  timeoutMsMin: 500,
  timeoutMsMax: 60_000,
  eventTypesMax: 50,
} as const;

export const FORWARDING_MESSAGES = {
  name: 'The name is required',
  nameLong: `The name must be at most ${FORWARD_LIMITS.nameMax} characters`,
  kind: 'Choose webhook or emergency',
  url: 'The URL must be a valid http:// or https:// address',
  urlCredentials: 'Put no user name or password in the URL: set a signing secret instead',
  secret: `The secret must be ${FORWARD_LIMITS.secretMin} to ${FORWARD_LIMITS.secretMax} characters`,
  host: 'The host must be a host name or an IP address',
  port: 'The port must be a whole number from 1 to 65535',
  what: 'Send positions, alerts or both',
  batchSize: `The batch size must be a whole number from 1 to ${FORWARD_LIMITS.batchSizeMax}`,
  timeout: `The timeout must be ${FORWARD_LIMITS.timeoutMsMin} to ${FORWARD_LIMITS.timeoutMsMax} ms`,
  eventTypes: `List at most ${FORWARD_LIMITS.eventTypesMax} alert types`,
  notFound: 'Forwarding target not found.',
  deadLetterNotFound: 'Dead letter not found.',
} as const;

/** An http(s) URL without credentials. */
const UrlSchema = z
  .string()
  .trim()
  .max(FORWARD_LIMITS.urlMax, { error: FORWARDING_MESSAGES.url })
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: FORWARDING_MESSAGES.url });
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      ctx.addIssue({ code: 'custom', message: FORWARDING_MESSAGES.url });
    else if (url.username !== '' || url.password !== '')
      ctx.addIssue({ code: 'custom', message: FORWARDING_MESSAGES.urlCredentials });
  });

const HOST_PATTERN = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$|^\[?[0-9A-Fa-f:]+\]?$/;

export const ForwardTargetInputSchema = z
  .object({
    name: z
      .string({ error: FORWARDING_MESSAGES.name })
      .trim()
      .min(1, { error: FORWARDING_MESSAGES.name })
      .max(FORWARD_LIMITS.nameMax, { error: FORWARDING_MESSAGES.nameLong }),
    kind: z.enum(FORWARD_TARGET_KINDS, { error: FORWARDING_MESSAGES.kind }),
    /** Owner organisation (default: the caller's); must be one the caller can see. */
    organisationId: IdSchema.optional(),
    enabled: z.boolean().default(true),
    url: UrlSchema.nullish(),
    /** Omitted: keep the stored secret (update) / none (create); null: remove it. */
    secret: z
      .string()
      .min(FORWARD_LIMITS.secretMin, { error: FORWARDING_MESSAGES.secret })
      .max(FORWARD_LIMITS.secretMax, { error: FORWARDING_MESSAGES.secret })
      .nullish(),
    host: z.string().trim().regex(HOST_PATTERN, { error: FORWARDING_MESSAGES.host }).nullish(),
    port: z
      .number({ error: FORWARDING_MESSAGES.port })
      .int({ error: FORWARDING_MESSAGES.port })
      .min(1, { error: FORWARDING_MESSAGES.port })
      .max(65535, { error: FORWARDING_MESSAGES.port })
      .nullish(),
    sendPositions: z.boolean().default(true),
    sendAlerts: z.boolean().default(true),
    /** Alert types to send (events.type); empty = all. */
    eventTypes: z
      .array(z.string().trim().min(1).max(64))
      .max(FORWARD_LIMITS.eventTypesMax, { error: FORWARDING_MESSAGES.eventTypes })
      .default([]),
    batchSize: z
      .number({ error: FORWARDING_MESSAGES.batchSize })
      .int({ error: FORWARDING_MESSAGES.batchSize })
      .min(1, { error: FORWARDING_MESSAGES.batchSize })
      .max(FORWARD_LIMITS.batchSizeMax, { error: FORWARDING_MESSAGES.batchSize })
      .default(100),
    timeoutMs: z
      .number({ error: FORWARDING_MESSAGES.timeout })
      .int({ error: FORWARDING_MESSAGES.timeout })
      .min(FORWARD_LIMITS.timeoutMsMin, { error: FORWARDING_MESSAGES.timeout })
      .max(FORWARD_LIMITS.timeoutMsMax, { error: FORWARDING_MESSAGES.timeout })
      .default(10_000),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'webhook') {
      if (!value.url) ctx.addIssue({ code: 'custom', path: ['url'], message: FORWARDING_MESSAGES.url });
      if (!value.sendPositions && !value.sendAlerts)
        ctx.addIssue({ code: 'custom', path: ['sendPositions'], message: FORWARDING_MESSAGES.what });
    } else {
      if (!value.host) ctx.addIssue({ code: 'custom', path: ['host'], message: FORWARDING_MESSAGES.host });
      if (value.port === null || value.port === undefined)
        ctx.addIssue({ code: 'custom', path: ['port'], message: FORWARDING_MESSAGES.port });
    }
  });
export type ForwardTargetInput = z.input<typeof ForwardTargetInputSchema>;
export type ForwardTargetValues = z.output<typeof ForwardTargetInputSchema>;

export const ForwardTargetStatsSchema = z.object({
  /** Items waiting to be delivered. */
  queued: z.number().int(),
  /** Dead letters kept for this target. */
  dead: z.number().int(),
  deliveredLastHour: z.number().int(),
  failedLastHour: z.number().int(),
  lastSuccessAt: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** Deliveries wait until then (backoff after a failure). */
  pausedUntil: z.string().nullable(),
});
export type ForwardTargetStats = z.infer<typeof ForwardTargetStatsSchema>;

export const ForwardTargetSchema = z.object({
  id: IdSchema,
  organisationId: IdSchema,
  organisationName: z.string(),
  name: z.string(),
  kind: z.enum(FORWARD_TARGET_KINDS),
  enabled: z.boolean(),
  url: z.string().nullable(),
  /** `••••` and the secret's last 4 characters; null when no secret is set. */
  secretHint: z.string().nullable(),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  sendPositions: z.boolean(),
  sendAlerts: z.boolean(),
  eventTypes: z.array(z.string()),
  batchSize: z.number().int(),
  timeoutMs: z.number().int(),
  stats: ForwardTargetStatsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ForwardTarget = z.infer<typeof ForwardTargetSchema>;

export const ForwardDeadLetterSchema = z.object({
  id: IdSchema,
  targetId: IdSchema,
  kind: z.string(),
  payload: z.record(z.string(), z.unknown()),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deadAt: z.string().nullable(),
});
export type ForwardDeadLetter = z.infer<typeof ForwardDeadLetterSchema>;

export const ForwardDeadLetterQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const ForwardTestResultSchema = z.object({
  ok: z.boolean(),
  /** HTTP status (webhook); null for TCP or when no answer came. */
  status: z.number().int().nullable(),
  durationMs: z.number().int(),
  /** The start of the receiver's answer (webhook), or what went wrong. */
  detail: z.string(),
});
export type ForwardTestResult = z.infer<typeof ForwardTestResultSchema>;

/** How many dead letters a retry re-queued or a delete removed. */
export const ForwardCountSchema = z.object({ count: z.number().int() });
