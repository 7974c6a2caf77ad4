/**
 * /v1/geofence (spec 01 §2.6 geofence; §6 vehicle-status "assign-geofence"). Static paths before /geofence/:id.
 */
import { z } from 'zod';
import {
  GeofenceInputSchema,
  GeofenceListQuerySchema,
  GeofencePageSchema,
  GeofenceSchema,
  GeofenceVehiclesInputSchema,
  IdParamsSchema,
  VehicleGeofencesInputSchema,
  VehicleGeofencesSchema,
  VehicleIdParamsSchema,
  envelopeSchema,
} from '@civicfleet/shared';
import type { ApiModule } from '../../http/types.ts';
import { actorOf, toId } from '../organisation/scope.ts';
import { createGeofenceService } from './geofence.service.ts';

const ok = <T>(message: string, data: T) => ({ success: true, message, data });
const MODULE = 'geofence';
const ASSIGN = { module: 'vehicle-status', action: 'assign-geofence' };

export const geofenceModule: ApiModule = {
  name: 'geofence',
  register(app, deps) {
    const service = createGeofenceService({ db: deps.db, bus: deps.bus });
    const tags = ['geofence'];

    app.get(
      '/geofence',
      {
        config: { permission: { module: MODULE } },
        schema: {
          tags,
          querystring: GeofenceListQuerySchema,
          response: { 200: envelopeSchema(GeofencePageSchema) },
        },
      },
      async (request) => ok('Geofences', await service.list(request.auth, request.query)),
    );

    app.get(
      '/geofence/vehicle/:vehicleId',
      {
        config: { permission: ASSIGN },
        schema: {
          tags,
          params: VehicleIdParamsSchema,
          response: { 200: envelopeSchema(VehicleGeofencesSchema) },
        },
      },
      async (request) =>
        ok('Vehicle geofences', await service.vehicleGeofences(request.auth, toId(request.params.vehicleId))),
    );

    app.put(
      '/geofence/vehicle/:vehicleId',
      {
        config: { permission: ASSIGN },
        schema: {
          tags,
          params: VehicleIdParamsSchema,
          body: VehicleGeofencesInputSchema,
          response: { 200: envelopeSchema(VehicleGeofencesSchema) },
        },
      },
      async (request) =>
        ok(
          'Vehicle geofences updated',
          await service.assignToVehicle(actorOf(request), toId(request.params.vehicleId), request.body),
        ),
    );

    app.get(
      '/geofence/:id',
      {
        config: { permission: { module: MODULE } },
        schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(GeofenceSchema) } },
      },
      async (request) => ok('Geofence', await service.get(request.auth, toId(request.params.id))),
    );

    app.post(
      '/geofence',
      {
        config: { permission: { module: MODULE, action: 'add-geofence' } },
        schema: { tags, body: GeofenceInputSchema, response: { 200: envelopeSchema(GeofenceSchema) } },
      },
      async (request) => ok('Geofence created', await service.create(actorOf(request), request.body)),
    );

    app.put(
      '/geofence/:id',
      {
        config: { permission: { module: MODULE, action: 'edit-geofence-result-table' } },
        schema: {
          tags,
          params: IdParamsSchema,
          body: GeofenceInputSchema,
          response: { 200: envelopeSchema(GeofenceSchema) },
        },
      },
      async (request) =>
        ok('Geofence updated', await service.update(actorOf(request), toId(request.params.id), request.body)),
    );

    app.put(
      '/geofence/:id/vehicles',
      {
        config: { permission: { module: MODULE, action: 'edit-geofence-result-table' } },
        schema: {
          tags,
          params: IdParamsSchema,
          body: GeofenceVehiclesInputSchema,
          response: { 200: envelopeSchema(GeofenceSchema) },
        },
      },
      async (request) =>
        ok(
          'Geofence vehicles updated',
          await service.assignVehicles(actorOf(request), toId(request.params.id), request.body),
        ),
    );

    app.delete(
      '/geofence/:id',
      {
        config: { permission: { module: MODULE, action: 'delete-geofence-result-table' } },
        schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(z.null()) } },
      },
      async (request) => {
        await service.remove(actorOf(request), toId(request.params.id));
        return ok('Geofence deleted', null);
      },
    );
  },
};
