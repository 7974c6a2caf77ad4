/**
 * /v1/vehicle (spec 01 §7: GET /vehicle, /vehicle/statuses, /vehicle/position/track). Read routes; create, edit,
 * link and bulk come with the management issue. Static paths are registered before /vehicle/:id.
 */
import {
  IdParamsSchema,
  VehicleListQuerySchema,
  VehiclePageSchema,
  VehicleSchema,
  VehicleStatusesQuerySchema,
  VehicleStatusesSchema,
  VehicleTrackQuerySchema,
  VehicleTrackSchema,
  envelopeSchema,
} from '@civicfleet/shared';
import type { ApiModule } from '../../http/types.ts';
import { toId } from '../organisation/scope.ts';
import { createVehicleService } from './vehicle.service.ts';

const ok = <T>(message: string, data: T) => ({ success: true, message, data });

export const vehicleModule: ApiModule = {
  name: 'vehicle',
  register(app, deps) {
    const service = createVehicleService({ db: deps.db, clock: deps.clock });
    const tags = ['vehicle'];

    app.get(
      '/vehicle',
      {
        config: { permission: { module: 'vehicle' } },
        schema: {
          tags,
          querystring: VehicleListQuerySchema,
          response: { 200: envelopeSchema(VehiclePageSchema) },
        },
      },
      async (request) => ok('Vehicles', await service.list(request.auth, request.query)),
    );

    app.get(
      '/vehicle/statuses',
      {
        config: { permission: { module: 'vehicle-status' } },
        schema: {
          tags,
          querystring: VehicleStatusesQuerySchema,
          response: { 200: envelopeSchema(VehicleStatusesSchema) },
        },
      },
      async (request) => ok('Vehicle statuses', await service.statuses(request.auth, request.query)),
    );

    app.get(
      '/vehicle/position/track',
      {
        config: { permission: { module: 'live-tracking' } },
        schema: {
          tags,
          querystring: VehicleTrackQuerySchema,
          response: { 200: envelopeSchema(VehicleTrackSchema) },
        },
      },
      async (request) => ok('Vehicle position', await service.track(request.auth, request.query)),
    );

    app.get(
      '/vehicle/:id',
      {
        config: { permission: { module: 'vehicle' } },
        schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(VehicleSchema) } },
      },
      async (request) => ok('Vehicle', await service.get(request.auth, toId(request.params.id))),
    );
  },
};
