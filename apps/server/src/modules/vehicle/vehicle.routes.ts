/**
 * /v1/vehicle (spec 01 §7: GET /vehicle, /vehicle/statuses, /vehicle/summary, /vehicle/position/track; management:
 * create, edit, delete, bulk, send mail, tracking on/off, device link/unlink). Static paths before /vehicle/:id.
 */
import { z } from 'zod';
import {
  IdParamsSchema,
  LinkableDevicesSchema,
  VehicleBulkInputSchema,
  VehicleBulkResultSchema,
  VehicleDeviceParamsSchema,
  VehicleInputSchema,
  VehicleSummarySchema,
  VehicleUnlinkParamsSchema,
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
import { actorOf, toId } from '../organisation/scope.ts';
import { createVehicleAdminService } from './vehicle-admin.service.ts';
import { bulkCreateVehicles } from './vehicle-bulk.ts';
import { createVehicleService } from './vehicle.service.ts';

const ok = <T>(message: string, data: T) => ({ success: true, message, data });
const MODULE = 'vehicle';
const can = (action: string) => ({ permission: { module: MODULE, action } });

export const vehicleModule: ApiModule = {
  name: 'vehicle',
  register(app, deps) {
    const service = createVehicleService({ db: deps.db, clock: deps.clock });
    const manage = createVehicleAdminService({
      db: deps.db,
      clock: deps.clock,
      mailer: deps.mailer,
      brand: deps.brand,
      bus: deps.bus,
    });
    const tags = ['vehicle'];
    const one = { 200: envelopeSchema(VehicleSchema) };
    const params = IdParamsSchema;

    app.post(
      '/vehicle',
      { config: can('add-vehicle'), schema: { tags, body: VehicleInputSchema, response: one } },
      async (request) => ok('Vehicle created', await manage.create(actorOf(request), request.body)),
    );

    app.post(
      '/vehicle/bulk',
      {
        config: can('add-vehicle'),
        schema: {
          tags,
          body: VehicleBulkInputSchema,
          response: { 200: envelopeSchema(VehicleBulkResultSchema) },
        },
      },
      async (request) => {
        const result = await bulkCreateVehicles(manage, actorOf(request), request.body);
        return ok(`${result.created} created, ${result.failed} failed`, result);
      },
    );

    app.get(
      '/vehicle/summary',
      {
        config: { permission: { module: MODULE } },
        schema: { tags, response: { 200: envelopeSchema(VehicleSummarySchema) } },
      },
      async (request) => ok('Vehicle summary', await service.summary(request.auth)),
    );

    app.post(
      '/vehicle/send-mail/:id',
      {
        config: can('send-mail-item'),
        schema: { tags, params, response: { 200: envelopeSchema(z.object({ to: z.string() })) } },
      },
      async (request) => ok('Mail sent', await manage.sendMail(actorOf(request), toId(request.params.id))),
    );

    app.post(
      '/vehicle/activate-tracking/:id',
      { config: can('activated-tracking'), schema: { tags, params, response: one } },
      async (request) =>
        ok('Tracking activated', await manage.setTracking(actorOf(request), toId(request.params.id), true)),
    );

    app.post(
      '/vehicle/deactivate-tracking/:id',
      { config: can('deActivated-tracking'), schema: { tags, params, response: one } },
      async (request) =>
        ok(
          'Tracking deactivated',
          await manage.setTracking(actorOf(request), toId(request.params.id), false),
        ),
    );

    app.get(
      '/vehicle/linkable-devices/:vehicleId',
      {
        config: can('link-unlink-device'),
        schema: {
          tags,
          params: VehicleUnlinkParamsSchema,
          response: { 200: envelopeSchema(LinkableDevicesSchema) },
        },
      },
      async (request) =>
        ok('Devices', await manage.linkableDevices(request.auth, toId(request.params.vehicleId))),
    );

    app.put(
      '/vehicle/device/:vehicleId/:deviceId',
      {
        config: can('link-unlink-device'),
        schema: { tags, params: VehicleDeviceParamsSchema, response: one },
      },
      async (request) =>
        ok(
          'Device linked',
          await manage.link(actorOf(request), toId(request.params.vehicleId), toId(request.params.deviceId)),
        ),
    );

    app.delete(
      '/vehicle/device/:vehicleId',
      {
        config: can('link-unlink-device'),
        schema: { tags, params: VehicleUnlinkParamsSchema, response: one },
      },
      async (request) =>
        ok('Device unlinked', await manage.unlink(actorOf(request), toId(request.params.vehicleId))),
    );

    app.put(
      '/vehicle/:id',
      {
        config: can('edit-vehicle-result-table'),
        schema: { tags, params, body: VehicleInputSchema, response: one },
      },
      async (request) =>
        ok('Vehicle updated', await manage.update(actorOf(request), toId(request.params.id), request.body)),
    );

    app.delete(
      '/vehicle/:id',
      {
        config: can('delete-vehicle-result-table'),
        schema: { tags, params, response: { 200: envelopeSchema(z.null()) } },
      },
      async (request) => {
        await manage.remove(actorOf(request), toId(request.params.id));
        return ok('You successfully deleted the item', null);
      },
    );

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
