/** /v1/staff: drivers, helpers, sweepers and supervisors (module `staff`). */
import { z } from 'zod';
import {
  IdParamsSchema,
  StaffInputSchema,
  StaffListQuerySchema,
  StaffPageSchema,
  StaffSchema,
  envelopeSchema,
} from '@civicfleet/shared';
import type { ApiApp, ModuleDeps } from '../../http/types.ts';
import { actorOf, toId } from '../organisation/scope.ts';
import { createStaffService } from './staff.service.ts';

const ok = <T>(message: string, data: T) => ({ success: true, message, data });
const MODULE = 'staff';

export function registerStaffRoutes(app: ApiApp, deps: ModuleDeps): void {
  const service = createStaffService({ db: deps.db, clock: deps.clock });
  const tags = ['staff'];

  app.get(
    '/staff',
    {
      config: { permission: { module: MODULE } },
      schema: { tags, querystring: StaffListQuerySchema, response: { 200: envelopeSchema(StaffPageSchema) } },
    },
    async (request) => ok('Staff', await service.list(request.auth, request.query)),
  );

  app.get(
    '/staff/:id',
    {
      config: { permission: { module: MODULE } },
      schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(StaffSchema) } },
    },
    async (request) => ok('Staff member', await service.get(request.auth, toId(request.params.id))),
  );

  app.post(
    '/staff',
    {
      config: { permission: { module: MODULE, action: 'add-staff' } },
      schema: { tags, body: StaffInputSchema, response: { 200: envelopeSchema(StaffSchema) } },
    },
    async (request) => ok('Staff member added', await service.create(actorOf(request), request.body)),
  );

  app.put(
    '/staff/:id',
    {
      config: { permission: { module: MODULE, action: 'edit-staff-result-table' } },
      schema: {
        tags,
        params: IdParamsSchema,
        body: StaffInputSchema,
        response: { 200: envelopeSchema(StaffSchema) },
      },
    },
    async (request) =>
      ok(
        'Staff member updated',
        await service.update(actorOf(request), toId(request.params.id), request.body),
      ),
  );

  app.delete(
    '/staff/:id',
    {
      config: { permission: { module: MODULE, action: 'delete-staff-result-table' } },
      schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await service.remove(actorOf(request), toId(request.params.id));
      return ok('Staff member deleted', null);
    },
  );
}
