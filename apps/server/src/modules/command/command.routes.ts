/** /v1/command (issue 3 "Commands"): POST queues a command for a device, GET ?deviceId= lists its command log. */
import {
  CommandListQuerySchema,
  CommandListSchema,
  CommandSchema,
  SendCommandSchema,
  envelopeSchema,
} from '@civicfleet/shared';
import type { ApiModule } from '../../http/types.ts';
import { createStepUpVerifier } from '../auth/step-up.service.ts';
import { createCommandService } from './command.service.ts';
import { DEFAULT_IMMOBILISER_MAX_SPEED_KPH } from './immobiliser.ts';

const ok = <T>(message: string, data: T) => ({ success: true, message, data });

export const commandModule: ApiModule = {
  name: 'command',
  register(app, deps) {
    const service = createCommandService({
      db: deps.db,
      bus: deps.bus,
      clock: deps.clock,
      immobiliser: {
        stepUps: createStepUpVerifier(deps.db, deps.clock),
        maxSpeedKph: deps.env.immobiliserMaxSpeedKph ?? DEFAULT_IMMOBILISER_MAX_SPEED_KPH,
      },
    });
    const tags = ['command'];

    app.post(
      '/command',
      {
        config: { permission: { module: 'device', action: 'send-command' } },
        schema: { tags, body: SendCommandSchema, response: { 201: envelopeSchema(CommandSchema) } },
      },
      async (request, reply) => {
        reply.code(201);
        return ok('Command queued', await service.send(request.auth, request.body));
      },
    );

    app.get(
      '/command',
      {
        config: { permission: { module: 'device' } },
        schema: {
          tags,
          querystring: CommandListQuerySchema,
          response: { 200: envelopeSchema(CommandListSchema) },
        },
      },
      async (request) => ok('Commands', await service.list(request.auth, request.query)),
    );
  },
};
