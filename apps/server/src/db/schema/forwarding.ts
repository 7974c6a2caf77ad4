import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { createdAt, id, ref, timestamptz, updatedAt } from './columns.ts';
import { organisations } from './organisations.ts';

/**
 * Forwarding targets (docs/forwarding.md): where an organisation's positions and alerts go. A target covers its
 * organisation and every organisation below it. `webhook`: JSON batches POSTed to `url`, signed with `secret` when
 * set. `emergency`: AIS-140 emergency packets sent byte for byte over TCP to `host`:`port` (a state ERSS backend).
 * `paused_until` (backoff after a failed delivery) and `lease_until` (a worker is delivering) are the delivery state:
 * a target is delivered by one worker at a time, head of its queue first, so rows go out in order.
 */
export const forwardTargets = pgTable(
  'forward_targets',
  {
    id: id(),
    organisationId: ref('organisation_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    url: text('url'),
    /** HMAC-SHA256 key of the signature header; never sent back in full by the API. */
    secret: text('secret'),
    host: text('host'),
    port: integer('port'),
    sendPositions: boolean('send_positions').notNull().default(true),
    sendAlerts: boolean('send_alerts').notNull().default(true),
    /** Alert types to send; empty = every type. */
    eventTypes: jsonb('event_types').$type<string[]>().notNull().default([]),
    /** Rows per POST. */
    batchSize: integer('batch_size').notNull().default(100),
    timeoutMs: integer('timeout_ms').notNull().default(10_000),
    pausedUntil: timestamptz('paused_until'),
    leaseUntil: timestamptz('lease_until'),
    /** Failed deliveries in a row (drives the backoff); 0 after a success. */
    failures: integer('failures').notNull().default(0),
    lastSuccessAt: timestamptz('last_success_at'),
    lastErrorAt: timestamptz('last_error_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('forward_targets_organisation_idx').on(t.organisationId),
    check('forward_targets_kind_chk', sql`${t.kind} in ('webhook', 'emergency')`),
    check('forward_targets_batch_chk', sql`${t.batchSize} between 1 and 1000`),
    check('forward_targets_timeout_chk', sql`${t.timeoutMs} between 500 and 60000`),
  ],
);

/**
 * The outbox: one row per item and target, inserted in the ingest batch's transaction (so a committed position is
 * queued, and a failed batch queues nothing). `pending` rows are delivered in id order and deleted once the receiver
 * took them; after too many attempts (or a refusal that a retry cannot fix) a row becomes `dead` (the dead letters).
 */
export const forwardQueue = pgTable(
  'forward_queue',
  {
    id: id(),
    targetId: ref('target_id')
      .notNull()
      .references(() => forwardTargets.id, { onDelete: 'cascade' }),
    /** `position`, `alert`, `emergency` (payload.bytes: the raw packet, base64) or `test`. */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deadAt: timestamptz('dead_at'),
  },
  (t) => [
    index('forward_queue_target_idx').on(t.targetId, t.status, t.id),
    check('forward_queue_status_chk', sql`${t.status} in ('pending', 'dead')`),
  ],
);

/** Delivered and failed items per target and minute (stats: "delivered in the last hour"); pruned after a day. */
export const forwardDeliveryStats = pgTable(
  'forward_delivery_stats',
  {
    targetId: ref('target_id')
      .notNull()
      .references(() => forwardTargets.id, { onDelete: 'cascade' }),
    minute: timestamptz('minute').notNull(),
    delivered: bigint('delivered', { mode: 'number' }).notNull().default(0),
    failed: bigint('failed', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.targetId, t.minute] })],
);
