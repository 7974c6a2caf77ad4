/**
 * Activation routes (issue 6 "Activation inventory"; spec 02 §7 "bulk activation"): plans, inventory, approve, undo,
 * bulk create. Permissions are those of the fitment module (the spec's fitment row actions).
 */
import {
  ACTIVATION_MESSAGES,
  ActivationBulkInputSchema,
  ActivationBulkResultSchema,
  ActivationChangeResultSchema,
  ActivationListQuerySchema,
  ActivationPageSchema,
  ActivationPlansSchema,
  IdParamsSchema,
  envelopeSchema,
} from '@civicfleet/shared';
import type { ApiModule } from '../../http/types.ts';
import { createFitmentService } from '../fitment/fitment.service.ts';
import { actorOf, toId } from '../organisation/scope.ts';
import { bulkCreateActivations } from './activation-bulk.ts';
import { createActivationService } from './activation.service.ts';

const ok = <T>(message: string, data: T) => ({ success: true, message, data });
const can = (action?: string) => ({ permission: { module: 'fitment', ...(action ? { action } : {}) } });

export const activationModule: ApiModule = {
  name: 'activation',
  register(app, deps) {
    const service = createActivationService({ db: deps.db, clock: deps.clock });
    const fitments = createFitmentService({
      db: deps.db,
      clock: deps.clock,
      bus: deps.bus,
      defaultPassword: deps.brand.defaultPassword,
    });
    const tags = ['activation'];
    const params = IdParamsSchema;
    const change = { 200: envelopeSchema(ActivationChangeResultSchema) };

    app.get(
      '/activation-plans',
      {
        config: { permission: { authenticated: true } },
        schema: { tags, response: { 200: envelopeSchema(ActivationPlansSchema) } },
      },
      async () => ok('Activation plans', await service.plans()),
    );

    app.get(
      '/activation',
      {
        config: can(),
        schema: {
          tags,
          querystring: ActivationListQuerySchema,
          response: { 200: envelopeSchema(ActivationPageSchema) },
        },
      },
      async (request) => ok('Activations', await service.list(request.auth, request.query)),
    );

    app.put(
      '/activation/approve/:id',
      { config: can('change-status-result-table'), schema: { tags, params, response: change } },
      async (request) =>
        ok(ACTIVATION_MESSAGES.approved, await service.approve(actorOf(request), toId(request.params.id))),
    );

    app.put(
      '/activation/undo/:id',
      { config: can('change-status-result-table'), schema: { tags, params, response: change } },
      async (request) =>
        ok(ACTIVATION_MESSAGES.undone, await service.undo(actorOf(request), toId(request.params.id))),
    );

    app.post(
      '/activation/bulk',
      {
        config: can('create-activation'),
        // 2,000 rows of 23 short cells stay far below 4 MB.
        bodyLimit: 4 * 1024 * 1024,
        schema: {
          tags,
          body: ActivationBulkInputSchema,
          response: { 200: envelopeSchema(ActivationBulkResultSchema) },
        },
      },
      async (request) => {
        const result = await bulkCreateActivations(fitments, deps.clock, actorOf(request), request.body);
        const message =
          result.failed === 0
            ? ACTIVATION_MESSAGES.bulkDone
            : `${result.created} created, ${result.failed} failed`;
        return ok(message, result);
      },
    );
  },
};
