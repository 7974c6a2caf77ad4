/**
 * /v1/device (spec 01 §7 "device", spec 02 §7 "Device service"): list/read, create/edit/delete, bulk create,
 * allocate/rollback (single and bulk), status, firmware, temporary (debug) devices and the details page.
 * Linking to a vehicle is the vehicle module's PUT /v1/vehicle/device/…; commands go through POST /v1/command.
 */
import { z } from 'zod';
import {
  BulkResultSchema,
  DeviceAllocateBulkSchema,
  DeviceAllocateSchema,
  DeviceBulkCreateSchema,
  DeviceDetailsSchema,
  DeviceFirmwareResultSchema,
  DeviceFirmwareUpdateSchema,
  DeviceInputSchema,
  DeviceListQuerySchema,
  DevicePageSchema,
  DeviceRollbackBulkSchema,
  DeviceSchema,
  DeviceSearchParamsSchema,
  DeviceStatusChangeSchema,
  IdParamsSchema,
  TemporaryDeviceSchema,
  UnknownDevicePageSchema,
  UnknownDeviceQuerySchema,
  GatewayInfoSchema,
  envelopeSchema,
} from '@civicfleet/shared';
import type { ApiModule } from '../../http/types.ts';
import { actorOf, toId } from '../organisation/scope.ts';
import { bulkCreateDevices } from './device-bulk.ts';
import { createDeviceLifecycleService } from './device-lifecycle.service.ts';
import { createDeviceService } from './device.service.ts';

const ok = <T>(message: string, data: T) => ({ success: true, message, data });
const MODULE = 'device';
const device = envelopeSchema(DeviceSchema);
const bulkResult = envelopeSchema(BulkResultSchema);

export const deviceModule: ApiModule = {
  name: 'device',
  register(app, deps) {
    const service = createDeviceService({ db: deps.db, clock: deps.clock, bus: deps.bus });
    const lifecycle = createDeviceLifecycleService({
      db: deps.db,
      bus: deps.bus,
      clock: deps.clock,
      devices: service,
    });
    const tags = ['device'];
    const can = (action?: string) => ({ permission: { module: MODULE, ...(action ? { action } : {}) } });

    app.get(
      '/device',
      {
        config: can(),
        schema: {
          tags,
          querystring: DeviceListQuerySchema,
          response: { 200: envelopeSchema(DevicePageSchema) },
        },
      },
      async (request) => ok('Devices', await service.list(request.auth, request.query)),
    );

    // Where bench trackers connect (the debug page's temporary device card). Registered before /device/:id.
    app.get(
      '/device/gateway',
      {
        config: { permission: { module: 'debug' } },
        schema: { tags, response: { 200: envelopeSchema(GatewayInfoSchema) } },
      },
      () =>
        ok('Gateway', {
          host: new URL(deps.env.publicUrl).hostname,
          ports: deps.env.gateway.ports,
        }),
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
      '/device/details/:searchTerm',
      {
        config: { permission: { module: 'device-details' } },
        schema: {
          tags,
          params: DeviceSearchParamsSchema,
          response: { 200: envelopeSchema(DeviceDetailsSchema) },
        },
      },
      async (request) => ok('Device details', await service.details(request.auth, request.params.searchTerm)),
    );

    app.get(
      '/device/:id',
      { config: can(), schema: { tags, params: IdParamsSchema, response: { 200: device } } },
      async (request) => ok('Device', await service.get(request.auth, toId(request.params.id))),
    );

    app.post(
      '/device',
      { config: can('add-device'), schema: { tags, body: DeviceInputSchema, response: { 201: device } } },
      async (request, reply) => {
        reply.code(201);
        return ok('Device added', await service.create(actorOf(request), request.body));
      },
    );

    app.post(
      '/device/bulk',
      {
        config: can('add-device'),
        schema: { tags, body: DeviceBulkCreateSchema, response: { 200: bulkResult } },
      },
      async (request) => {
        const result = await bulkCreateDevices(service, actorOf(request), request.body);
        return ok(`${result.succeeded} added, ${result.failed} failed`, result);
      },
    );

    // Registered before /device/:id.
    app.get(
      '/device/temporary',
      {
        config: { permission: { module: 'debug' } },
        schema: { tags, response: { 200: envelopeSchema(z.array(DeviceSchema)) } },
      },
      async (request) => ok('Temporary devices', await lifecycle.listTemporary(request.auth)),
    );

    app.post(
      '/device/temporary',
      {
        config: { permission: { module: 'debug', action: 'add-temporary-device' } },
        schema: { tags, body: TemporaryDeviceSchema, response: { 201: device } },
      },
      async (request, reply) => {
        reply.code(201);
        return ok('Temporary device added', await lifecycle.createTemporary(actorOf(request), request.body));
      },
    );

    // Single allocation changes the owner like an edit; the catalogue names only the bulk action.
    app.put(
      '/device/allocate/:id',
      {
        config: can('edit-device-result-table'),
        schema: { tags, params: IdParamsSchema, body: DeviceAllocateSchema, response: { 200: device } },
      },
      async (request) =>
        ok(
          'Device allocated',
          await lifecycle.allocate(actorOf(request), toId(request.params.id), request.body.organisationId),
        ),
    );

    app.post(
      '/device/allocate-bulk',
      {
        config: can('allocate-device-bulk'),
        schema: { tags, body: DeviceAllocateBulkSchema, response: { 200: bulkResult } },
      },
      async (request) => {
        const { organisationId, ...refs } = request.body;
        const result = await lifecycle.allocateBulk(actorOf(request), refs, organisationId);
        return ok(`${result.succeeded} allocated, ${result.failed} failed`, result);
      },
    );

    app.put(
      '/device/rollback/:id',
      {
        config: can('rollback-device'),
        schema: { tags, params: IdParamsSchema, response: { 200: device } },
      },
      async (request) =>
        ok('Device rolled back', await lifecycle.rollback(actorOf(request), toId(request.params.id))),
    );

    app.post(
      '/device/rollback-bulk',
      {
        config: can('rollback-device-bulk'),
        schema: { tags, body: DeviceRollbackBulkSchema, response: { 200: bulkResult } },
      },
      async (request) => {
        const result = await lifecycle.rollbackBulk(actorOf(request), request.body);
        return ok(`${result.succeeded} rolled back, ${result.failed} failed`, result);
      },
    );

    app.put(
      '/device/status/:id',
      {
        config: can('edit-device-result-table'),
        schema: { tags, params: IdParamsSchema, body: DeviceStatusChangeSchema, response: { 200: device } },
      },
      async (request) =>
        ok(
          'Device status changed',
          await lifecycle.changeStatus(actorOf(request), toId(request.params.id), request.body.status),
        ),
    );

    app.post(
      '/device/firmware/:id',
      {
        config: can('update-firmware'),
        schema: {
          tags,
          params: IdParamsSchema,
          body: DeviceFirmwareUpdateSchema,
          response: { 201: envelopeSchema(DeviceFirmwareResultSchema) },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return ok(
          'Firmware update queued',
          await lifecycle.updateFirmware(actorOf(request), toId(request.params.id), request.body),
        );
      },
    );

    app.put(
      '/device/:id',
      {
        config: can('edit-device-result-table'),
        schema: { tags, params: IdParamsSchema, body: DeviceInputSchema, response: { 200: device } },
      },
      async (request) =>
        ok('Device updated', await service.update(actorOf(request), toId(request.params.id), request.body)),
    );

    app.delete(
      '/device/:id',
      {
        config: can('delete-device-result-table'),
        schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(z.null()) } },
      },
      async (request) => {
        await service.remove(actorOf(request), toId(request.params.id));
        return ok('Device deleted', null);
      },
    );
  },
};
