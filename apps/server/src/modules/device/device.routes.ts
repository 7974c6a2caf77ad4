/** /v1/device (spec 01 §7 "device"): read routes; create/edit/allocate come with the management issue. */
import {
  DeviceListQuerySchema,
  DevicePageSchema,
  DeviceSchema,
  IdParamsSchema,
  UnknownDevicePageSchema,
  UnknownDeviceQuerySchema,
  envelopeSchema,
} from '@civicfleet/shared';
import type { ApiModule } from '../../http/types.ts';
import { toId } from '../organisation/scope.ts';
import { createDeviceService } from './device.service.ts';

const ok = <T>(message: string, data: T) => ({ success: true, message, data });
const MODULE = 'device';

export const deviceModule: ApiModule = {
  name: 'device',
  register(app, deps) {
    const service = createDeviceService({ db: deps.db });
    const tags = ['device'];

    app.get(
      '/device',
      {
        config: { permission: { module: MODULE } },
        schema: {
          tags,
          querystring: DeviceListQuerySchema,
          response: { 200: envelopeSchema(DevicePageSchema) },
        },
      },
      async (request) => ok('Devices', await service.list(request.auth, request.query)),
    );

    // IMEIs that connected without being registered: platform support only. Registered before /device/:id.
    app.get(
      '/device/unknown',
      {
        config: { permission: { superAdminOnly: true } },
        schema: {
          tags,
          querystring: UnknownDeviceQuerySchema,
          response: { 200: envelopeSchema(UnknownDevicePageSchema) },
        },
      },
      async (request) => ok('Unknown devices', await service.unknown(request.query)),
    );

    app.get(
      '/device/:id',
      {
        config: { permission: { module: MODULE } },
        schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(DeviceSchema) } },
      },
      async (request) => ok('Device', await service.get(request.auth, toId(request.params.id))),
    );
  },
};
