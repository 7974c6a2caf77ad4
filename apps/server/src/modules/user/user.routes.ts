/** /v1/users (spec 01 §7 "GET /users", "GET /users/rfc/get", "POST /users/rfcAdmin"; spec 02 §7 user lookups). */
import { z } from 'zod';
import {
  AssociateUserBodySchema,
  IdParamsSchema,
  ProfileUpdateSchema,
  RfcAdminInputSchema,
  SetUserPasswordBodySchema,
  UserInputSchema,
  UserListQuerySchema,
  UserPageSchema,
  UserSchema,
  UserUpdateSchema,
  envelopeSchema,
} from '@civicfleet/shared';
import type { ApiModule } from '../../http/types.ts';
import { actorOf, toId } from '../organisation/scope.ts';
import { RFC_ADMIN_ROLE, createUserService } from './user.service.ts';

const ok = <T>(message: string, data: T) => ({ success: true, message, data });
const MODULE = 'user';

export const userModule: ApiModule = {
  name: 'user',
  register(app, deps) {
    const service = createUserService({
      db: deps.db,
      clock: deps.clock,
      defaultPassword: deps.brand.defaultPassword,
      notify: { mailer: deps.mailer, brand: deps.brand },
    });
    const tags = ['user'];

    app.get(
      '/users',
      {
        config: { permission: { module: MODULE } },
        schema: { tags, querystring: UserListQuerySchema, response: { 200: envelopeSchema(UserPageSchema) } },
      },
      async (request) => ok('Users', await service.list(request.auth, request.query)),
    );

    // Vendor picker (spec 02 §2 "Vendor picker lists users whose role is RFC_ADMIN"). Registered before /users/:id.
    app.get(
      '/users/rfc/get',
      {
        config: { permission: { module: MODULE } },
        schema: { tags, querystring: UserListQuerySchema, response: { 200: envelopeSchema(UserPageSchema) } },
      },
      async (request) =>
        ok('RFC administrators', await service.list(request.auth, request.query, RFC_ADMIN_ROLE)),
    );

    app.get(
      '/users/:id',
      {
        config: { permission: { module: MODULE } },
        schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(UserSchema) } },
      },
      async (request) => ok('User', await service.get(request.auth, toId(request.params.id))),
    );

    app.post(
      '/users',
      {
        config: { permission: { module: MODULE, action: 'add-user' } },
        schema: { tags, body: UserInputSchema, response: { 200: envelopeSchema(UserSchema) } },
      },
      async (request) => ok('User created', await service.create(actorOf(request), request.body)),
    );

    app.post(
      '/users/rfcAdmin',
      {
        config: { permission: { module: MODULE, action: 'add-user' } },
        schema: { tags, body: RfcAdminInputSchema, response: { 200: envelopeSchema(UserSchema) } },
      },
      async (request) =>
        ok('RFC administrator created', await service.createRfcAdmin(actorOf(request), request.body)),
    );

    // Everyone's own profile (spec 01 §2.9): signed-in only, like change password; static, so it wins over /users/:id.
    app.put(
      '/users/me',
      {
        config: { permission: { authenticated: true } },
        schema: { tags, body: ProfileUpdateSchema, response: { 200: envelopeSchema(UserSchema) } },
      },
      async (request) => ok('Profile updated', await service.updateProfile(actorOf(request), request.body)),
    );

    app.put(
      '/users/:id',
      {
        config: { permission: { module: MODULE, action: 'edit-user-result-table' } },
        schema: {
          tags,
          params: IdParamsSchema,
          body: UserUpdateSchema,
          response: { 200: envelopeSchema(UserSchema) },
        },
      },
      async (request) =>
        ok('User updated', await service.update(actorOf(request), toId(request.params.id), request.body)),
    );

    app.put(
      '/users/:id/password',
      {
        config: { permission: { module: MODULE, action: 'set-user-password' } },
        schema: {
          tags,
          params: IdParamsSchema,
          body: SetUserPasswordBodySchema,
          response: { 200: envelopeSchema(z.null()) },
        },
      },
      async (request) => {
        await service.setPassword(actorOf(request), toId(request.params.id), request.body.password);
        return ok('Password set. The user must sign in again.', null);
      },
    );

    app.put(
      '/users/:id/organisation',
      {
        config: { permission: { module: MODULE, action: 'associate-user-result-table' } },
        schema: {
          tags,
          params: IdParamsSchema,
          body: AssociateUserBodySchema,
          response: { 200: envelopeSchema(UserSchema) },
        },
      },
      async (request) =>
        ok(
          'User associated',
          await service.associate(
            actorOf(request),
            toId(request.params.id),
            toId(request.body.organisationId),
          ),
        ),
    );

    app.delete(
      '/users/:id',
      {
        config: { permission: { module: MODULE, action: 'delete-user-result-table' } },
        schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(z.null()) } },
      },
      async (request) => {
        await service.remove(actorOf(request), toId(request.params.id));
        return ok('User deleted', null);
      },
    );
  },
};
