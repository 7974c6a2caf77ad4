/** /v1/device-model (spec 01 §2.6 "device-model (list, add, edit/:id)"). */
import { z } from 'zod';
import {
  DeviceModelInputSchema,
  DeviceModelListQuerySchema,
  DeviceModelPageSchema,
  DeviceModelSchema,
  IdParamsSchema,
  envelopeSchema,
} from '@civicfleet/shared';
import type { ApiModule } from '../../http/types.ts';
import { actorOf, toId } from '../organisation/scope.ts';
import { createDeviceModelService } from './device-model.service.ts';

const ok = <T>(message: string, data: T) => ({ success: true, message, data });
const MODULE = 'device-model';

export const deviceModelModule: ApiModule = {
  name: 'device-model',
  register(app, deps) {
    const service = createDeviceModelService({ db: deps.db });
    const tags = ['device-model'];

    app.get(
      '/device-model',
      {
        config: { permission: { module: MODULE } },
        schema: {
          tags,
          querystring: DeviceModelListQuerySchema,
          response: { 200: envelopeSchema(DeviceModelPageSchema) },
        },
      },
      async (request) => ok('Device models', await service.list(request.auth, request.query)),
    );

    app.get(
      '/device-model/:id',
      {
        config: { permission: { module: MODULE } },
        schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(DeviceModelSchema) } },
      },
      async (request) => ok('Device model', await service.get(toId(request.params.id))),
    );

    app.post(
      '/device-model',
      {
        config: { permission: { module: MODULE, action: 'add-device-model' } },
        schema: { tags, body: DeviceModelInputSchema, response: { 200: envelopeSchema(DeviceModelSchema) } },
      },
      async (request) => ok('Device model created', await service.create(actorOf(request), request.body)),
    );

    app.put(
      '/device-model/:id',
      {
        config: { permission: { module: MODULE, action: 'edit-device-model-result-table' } },
        schema: {
          tags,
          params: IdParamsSchema,
          body: DeviceModelInputSchema,
          response: { 200: envelopeSchema(DeviceModelSchema) },
        },
      },
      async (request) =>
        ok(
          'Device model updated',
          await service.update(actorOf(request), toId(request.params.id), request.body),
        ),
    );

    app.delete(
      '/device-model/:id',
      {
        config: { permission: { module: MODULE, action: 'delete-device-model-result-table' } },
        schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(z.null()) } },
      },
      async (request) => {
        await service.remove(actorOf(request), toId(request.params.id));
        return ok('Device model deleted', null);
      },
    );
  },
};
