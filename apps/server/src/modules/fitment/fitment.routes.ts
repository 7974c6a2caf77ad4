/**
 * /v1/fitment (spec 02 §2 "Fitment", §7 "Fitment"): list (with `_id` for the edit load), one, create, edit, delete.
 * The activation routes (approve, undo, inventory, bulk, plans) are in ../activation.
 */
import { z } from 'zod';
import {
  FITMENT_MESSAGES,
  FitmentInputSchema,
  FitmentListQuerySchema,
  FitmentPageSchema,
  FitmentRowSchema,
  IdParamsSchema,
  envelopeSchema,
} from '@civicfleet/shared';
import type { ApiModule } from '../../http/types.ts';
import { actorOf, toId } from '../organisation/scope.ts';
import { registerFitmentLookups } from './fitment-lookup.routes.ts';
import { createFitmentService } from './fitment.service.ts';

const ok = <T>(message: string, data: T) => ({ success: true, message, data });
const can = (action?: string) => ({ permission: { module: 'fitment', ...(action ? { action } : {}) } });

export const fitmentModule: ApiModule = {
  name: 'fitment',
  register(app, deps) {
    const service = createFitmentService({
      db: deps.db,
      clock: deps.clock,
      bus: deps.bus,
      defaultPassword: deps.brand.defaultPassword,
    });
    const tags = ['fitment'];
    const one = { 200: envelopeSchema(FitmentRowSchema) };
    const params = IdParamsSchema;

    registerFitmentLookups(app, deps); // GET /fitment/lookup/person, /fitment/lookup/devices

    app.get(
      '/fitment',
      {
        config: can(),
        schema: {
          tags,
          querystring: FitmentListQuerySchema,
          response: { 200: envelopeSchema(FitmentPageSchema) },
        },
      },
      async (request) => ok('Fitments', await service.list(request.auth, request.query)),
    );

    app.get('/fitment/:id', { config: can(), schema: { tags, params, response: one } }, async (request) =>
      ok('Fitment', await service.get(request.auth, toId(request.params.id))),
    );

    app.post(
      '/fitment',
      { config: can('add-fitment'), schema: { tags, body: FitmentInputSchema, response: one } },
      async (request) => ok(FITMENT_MESSAGES.created, await service.create(actorOf(request), request.body)),
    );

    app.put(
      '/fitment/:id',
      {
        config: can('edit-fitment-result-table'),
        schema: { tags, params, body: FitmentInputSchema, response: one },
      },
      async (request) =>
        ok(
          FITMENT_MESSAGES.updated,
          await service.update(actorOf(request), toId(request.params.id), request.body),
        ),
    );

    app.delete(
      '/fitment/:id',
      {
        config: can('delete-fitment-result-table'),
        schema: { tags, params, response: { 200: envelopeSchema(z.null()) } },
      },
      async (request) => {
        await service.remove(actorOf(request), toId(request.params.id));
        return ok(FITMENT_MESSAGES.deleted, null);
      },
    );
  },
};
