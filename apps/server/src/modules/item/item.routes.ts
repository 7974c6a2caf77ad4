/** /v1/item (spec 01 §2.6 item: list, add; row actions see attached vehicle, edit, delete). */
import { z } from 'zod';
import {
  IdParamsSchema,
  ItemInputSchema,
  ItemListQuerySchema,
  ItemPageSchema,
  ItemSchema,
  VehicleSchema,
  envelopeSchema,
} from '@civicfleet/shared';
import type { ApiModule } from '../../http/types.ts';
import { actorOf, toId } from '../organisation/scope.ts';
import { createItemService } from './item.service.ts';

const ok = <T>(message: string, data: T) => ({ success: true, message, data });
const MODULE = 'item';

export const itemModule: ApiModule = {
  name: 'item',
  register(app, deps) {
    const service = createItemService({ db: deps.db });
    const tags = ['item'];

    app.get(
      '/item',
      {
        config: { permission: { module: MODULE } },
        schema: { tags, querystring: ItemListQuerySchema, response: { 200: envelopeSchema(ItemPageSchema) } },
      },
      async (request) => ok('Items', await service.list(request.auth, request.query)),
    );

    app.get(
      '/item/:id',
      {
        config: { permission: { module: MODULE } },
        schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(ItemSchema) } },
      },
      async (request) => ok('Item', await service.get(request.auth, toId(request.params.id))),
    );

    app.get(
      '/item/:id/vehicle',
      {
        config: { permission: { module: MODULE, action: 'see-attached-vehicle' } },
        schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(VehicleSchema) } },
      },
      async (request) =>
        ok('Attached vehicle', await service.attachedVehicle(request.auth, toId(request.params.id))),
    );

    app.post(
      '/item',
      {
        config: { permission: { module: MODULE, action: 'add-item' } },
        schema: { tags, body: ItemInputSchema, response: { 200: envelopeSchema(ItemSchema) } },
      },
      async (request) => ok('Item created', await service.create(actorOf(request), request.body)),
    );

    app.put(
      '/item/:id',
      {
        config: { permission: { module: MODULE, action: 'edit-item-result-table' } },
        schema: {
          tags,
          params: IdParamsSchema,
          body: ItemInputSchema,
          response: { 200: envelopeSchema(ItemSchema) },
        },
      },
      async (request) =>
        ok('Item updated', await service.update(actorOf(request), toId(request.params.id), request.body)),
    );

    app.delete(
      '/item/:id',
      {
        config: { permission: { module: MODULE, action: 'delete-item-result-table' } },
        schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(z.null()) } },
      },
      async (request) => {
        await service.remove(actorOf(request), toId(request.params.id));
        return ok('Item deleted', null);
      },
    );
  },
};
