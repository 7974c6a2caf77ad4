/** GET /v1/outbox: recent outgoing mail (SUPER_ADMIN), e.g. to read a reset code when no SMTP is configured. */
import { z } from 'zod';
import { OutboxEntrySchema, OutboxQuerySchema, envelopeSchema } from '@civicfleet/shared';
import type { ApiModule } from '../../http/types.ts';
import { listOutbox } from './outbox.service.ts';

export const outboxModule: ApiModule = {
  name: 'outbox',
  register(app, deps) {
    app.get(
      '/outbox',
      {
        config: { permission: { superAdminOnly: true } },
        schema: {
          tags: ['outbox'],
          querystring: OutboxQuerySchema,
          response: { 200: envelopeSchema(z.array(OutboxEntrySchema)) },
        },
      },
      async (request) => ({
        success: true,
        message: 'Outbox',
        data: await listOutbox(deps.db, request.query),
      }),
    );
  },
};
