/** /v1/sim-activation (spec 01 §2.10, spec 02 §2 "Sim Activation Order", §7 "Sim activation"): README.md. */
import {
  IdParamsSchema,
  SimActivationInputSchema,
  SimActivationListQuerySchema,
  SimActivationOrderPageSchema,
  SimActivationOrderSchema,
  SimActivationUpdateSchema,
  envelopeSchema,
} from '@civicfleet/shared';
import type { ApiModule } from '../../http/types.ts';
import { actorOf, toId } from '../organisation/scope.ts';
import { createSimActivationService } from './sim-activation.service.ts';

const ok = <T>(message: string, data: T) => ({ success: true, message, data });
const MODULE = 'sim-activation-order';

export const simActivationModule: ApiModule = {
  name: 'sim-activation',
  register(app, deps) {
    const service = createSimActivationService({ db: deps.db, clock: deps.clock });
    const tags = ['sim-activation'];

    app.get(
      '/sim-activation',
      {
        config: { permission: { module: MODULE } },
        schema: {
          tags,
          querystring: SimActivationListQuerySchema,
          response: { 200: envelopeSchema(SimActivationOrderPageSchema) },
        },
      },
      async (request) => ok('SIM activation orders', await service.list(request.auth, request.query)),
    );

    app.post(
      '/sim-activation',
      {
        config: { permission: { module: MODULE, action: 'raise-sim-activation' } },
        schema: {
          tags,
          body: SimActivationInputSchema,
          response: { 200: envelopeSchema(SimActivationOrderSchema) },
        },
      },
      async (request) => ok('Sim Activation created', await service.create(actorOf(request), request.body)),
    );

    // One route, two payloads (edit fields or the status dialog's): the service checks the action each needs
    // (edit-sim-activation-order-result-table / change-status-result-table) and the manufacturer-only rule.
    app.put(
      '/sim-activation/:id',
      {
        config: { permission: { module: MODULE } },
        schema: {
          tags,
          params: IdParamsSchema,
          body: SimActivationUpdateSchema,
          response: { 200: envelopeSchema(SimActivationOrderSchema) },
        },
      },
      async (request) => {
        const order = await service.update(actorOf(request), toId(request.params.id), request.body);
        return ok(request.body.kind === 'status' ? 'Status updated' : 'Sim Activation updated', order);
      },
    );
  },
};
