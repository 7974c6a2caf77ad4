/**
 * /v1/vehicle-allocation (module `vehicle-allocation`) and /v1/driver-performance (same module: who drove what).
 * Static paths before /:id.
 */
import { z } from 'zod';
import {
  DriverChangeQuerySchema,
  DriverChangeSchema,
  DriverPerformanceQuerySchema,
  DriverPerformanceRowSchema,
  IdParamsSchema,
  VehicleAllocationEndSchema,
  VehicleAllocationInputSchema,
  VehicleAllocationListQuerySchema,
  VehicleAllocationPageSchema,
  VehicleAllocationSchema,
  envelopeSchema,
} from '@civicfleet/shared';
import type { ApiApp, ModuleDeps } from '../../http/types.ts';
import { actorOf, toId } from '../organisation/scope.ts';
import { driverPerformance } from './driver-performance.ts';
import { createVehicleAllocationService, dayRange } from './vehicle-allocation.service.ts';

const ok = <T>(message: string, data: T) => ({ success: true, message, data });
const MODULE = 'vehicle-allocation';

export function registerVehicleAllocationRoutes(app: ApiApp, deps: ModuleDeps): void {
  const service = createVehicleAllocationService({ db: deps.db, clock: deps.clock });
  const tags = ['vehicle-allocation'];

  app.get(
    '/vehicle-allocation',
    {
      config: { permission: { module: MODULE } },
      schema: {
        tags,
        querystring: VehicleAllocationListQuerySchema,
        response: { 200: envelopeSchema(VehicleAllocationPageSchema) },
      },
    },
    async (request) => ok('Vehicle allocations', await service.list(request.auth, request.query)),
  );

  app.get(
    '/vehicle-allocation/driver-changes',
    {
      config: { permission: { module: MODULE } },
      schema: {
        tags,
        querystring: DriverChangeQuerySchema,
        response: { 200: envelopeSchema(z.array(DriverChangeSchema)) },
      },
    },
    async (request) => ok('Driver changes', await service.driverChanges(request.auth, request.query)),
  );

  app.get(
    '/vehicle-allocation/:id',
    {
      config: { permission: { module: MODULE } },
      schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(VehicleAllocationSchema) } },
    },
    async (request) => ok('Vehicle allocation', await service.get(request.auth, toId(request.params.id))),
  );

  app.post(
    '/vehicle-allocation',
    {
      config: { permission: { module: MODULE, action: 'add-vehicle-allocation' } },
      schema: {
        tags,
        body: VehicleAllocationInputSchema,
        response: { 200: envelopeSchema(VehicleAllocationSchema) },
      },
    },
    async (request) => ok('Allocated', await service.create(actorOf(request), request.body)),
  );

  app.put(
    '/vehicle-allocation/:id/end',
    {
      config: { permission: { module: MODULE, action: 'end-vehicle-allocation' } },
      schema: {
        tags,
        params: IdParamsSchema,
        body: VehicleAllocationEndSchema,
        response: { 200: envelopeSchema(VehicleAllocationSchema) },
      },
    },
    async (request) =>
      ok(
        'Allocation ended',
        await service.end(actorOf(request), toId(request.params.id), request.body ?? {}),
      ),
  );

  app.get(
    '/driver-performance',
    {
      config: { permission: { module: MODULE } },
      schema: {
        tags: ['driver-performance'],
        querystring: DriverPerformanceQuerySchema,
        response: { 200: envelopeSchema(z.array(DriverPerformanceRowSchema)) },
      },
    },
    async (request) => {
      const range = dayRange(request.query.from, request.query.to);
      const auth = request.auth;
      let organisationIds: bigint[] | 'all' = auth.orgIds;
      if (request.query.organisationId !== undefined) {
        const id = toId(request.query.organisationId);
        organisationIds = auth.orgIds === 'all' || auth.orgIds.includes(id) ? [id] : [];
      }
      const rows = await driverPerformance(deps.db, { organisationIds, ...range, now: deps.clock() });
      return ok('Driver performance', rows);
    },
  );
}
