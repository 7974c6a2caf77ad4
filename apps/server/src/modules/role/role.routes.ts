/** /v1/roles (spec 01 §7 "GET /roles _id, hydrate=permissions"; spec 02 §7 "roles GET"). */
import { z } from 'zod';
import {
  IdParamsSchema,
  RoleInputSchema,
  RoleQuerySchema,
  RoleSchema,
  RoleUpdateSchema,
  envelopeSchema,
} from '@civicfleet/shared';
import type { ApiModule } from '../../http/types.ts';
import { actorOf, toId } from '../organisation/scope.ts';
import { createRoleService } from './role.service.ts';

const ok = <T>(message: string, data: T) => ({ success: true, message, data });
const MODULE = 'role';

export const roleModule: ApiModule = {
  name: 'role',
  register(app, deps) {
    const service = createRoleService({ db: deps.db, clock: deps.clock });
    const tags = ['role'];

    // Any signed-in user: their own role is always in the answer; the rest only with the `role` module.
    app.get(
      '/roles',
      {
        config: { permission: { authenticated: true } },
        schema: {
          tags,
          querystring: RoleQuerySchema,
          response: { 200: envelopeSchema(z.array(RoleSchema)) },
        },
      },
      async (request) => ok('Roles', await service.list(request.auth, request.query)),
    );

    // Creating, changing and deleting roles changes what people may do: each needs a recent password confirmation
    // (ASVS 4.3.3, http/authenticate.ts).
    app.post(
      '/roles',
      {
        config: { permission: { module: MODULE, action: 'add-role' }, stepUp: true },
        schema: { tags, body: RoleInputSchema, response: { 200: envelopeSchema(RoleSchema) } },
      },
      async (request) => ok('Role created', await service.create(actorOf(request), request.body)),
    );

    app.put(
      '/roles/:id',
      {
        config: { permission: { module: MODULE, action: 'edit-role-result-table' }, stepUp: true },
        schema: {
          tags,
          params: IdParamsSchema,
          body: RoleUpdateSchema,
          response: { 200: envelopeSchema(RoleSchema) },
        },
      },
      async (request) =>
        ok('Role updated', await service.update(actorOf(request), toId(request.params.id), request.body)),
    );

    app.delete(
      '/roles/:id',
      {
        config: { permission: { module: MODULE, action: 'delete-role-result-table' }, stepUp: true },
        schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(z.null()) } },
      },
      async (request) => {
        await service.remove(actorOf(request), toId(request.params.id));
        return ok('Role deleted', null);
      },
    );
  },
};
