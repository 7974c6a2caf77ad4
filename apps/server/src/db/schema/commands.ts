import { sql } from 'drizzle-orm';
import { check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, timestamptz } from './columns.ts';
import { devices } from './devices.ts';
import { organisations } from './organisations.ts';
import { users } from './users.ts';

export type CommandStatus = 'queued' | 'sent' | 'answered' | 'expired' | 'failed';

/**
 * Device commands (issue 3 "Commands"): queued by POST /v1/command, delivered by the gateway holding the device's
 * connection (bus topic `commands`, or when the device next identifies, until expires_at), answered by the device's
 * command-response message. The command log of a device.
 */
export const commands = pgTable(
  'commands',
  {
    id: id(),
    deviceId: ref('device_id')
      .notNull()
      .references(() => devices.id),
    organisationId: ref('organisation_id')
      .notNull()
      .references(() => organisations.id),
    createdBy: ref('created_by').references(() => users.id),
    /** The API type: custom, engineStop, engineResume, getInfo. */
    type: text('type').notNull(),
    /** The protocol text sent to the device. */
    text: text('text').notNull(),
    status: text('status').$type<CommandStatus>().notNull().default('queued'),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
    answeredAt: timestamptz('answered_at'),
    expiresAt: timestamptz('expires_at').notNull(),
    response: text('response'),
  },
  (t) => [
    index('commands_device_created_idx').on(t.deviceId, t.createdAt),
    check('commands_status_chk', sql`${t.status} in ('queued', 'sent', 'answered', 'expired', 'failed')`),
  ],
);
