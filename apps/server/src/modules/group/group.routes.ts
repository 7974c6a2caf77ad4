/** /v1/group (spec 01 §2.6 groups, module id `groups`; spec 01 §7 endpoint root "group"). */
import { z } from 'zod';
import {
  GroupInputSchema,
  GroupListQuerySchema,
  GroupPageSchema,
  GroupSchema,
  GroupSummarySchema,
  GroupVehiclesInputSchema,
  IdParamsSchema,
  envelopeSchema,
} from '@civicfleet/shared';
import type { ApiModule } from '../../http/types.ts';
import { actorOf, toId } from '../organisation/scope.ts';
import { createGroupService } from './group.service.ts';

const ok = <T>(message: string, data: T) => ({ success: true, message, data });
const MODULE = 'groups';

export const groupModule: ApiModule = {
  name: 'group',
  register(app, deps) {
    const service = createGroupService({ db: deps.db, clock: deps.clock });
    const tags = ['group'];

    app.get(
      '/group',
      {
        config: { permission: { module: MODULE } },
        schema: {
          tags,
          querystring: GroupListQuerySchema,
          response: { 200: envelopeSchema(GroupPageSchema) },
        },
      },
      async (request) => ok('Groups', await service.list(request.auth, request.query)),
    );

    app.get(
      '/group/:id',
      {
        config: { permission: { module: MODULE } },
        schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(GroupSchema) } },
      },
      async (request) => ok('Group', await service.get(request.auth, toId(request.params.id))),
    );

    app.get(
      '/group/:id/summary',
      {
        config: { permission: { module: MODULE } },
        schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(GroupSummarySchema) } },
      },
      async (request) => ok('Group summary', await service.summary(request.auth, toId(request.params.id))),
    );

    app.post(
      '/group',
      {
        config: { permission: { module: MODULE, action: 'add-group' } },
        schema: { tags, body: GroupInputSchema, response: { 200: envelopeSchema(GroupSchema) } },
      },
      async (request) => ok('Group created', await service.create(actorOf(request), request.body)),
    );

    app.put(
      '/group/:id',
      {
        config: { permission: { module: MODULE, action: 'edit-group-result-table' } },
        schema: {
          tags,
          params: IdParamsSchema,
          body: GroupInputSchema,
          response: { 200: envelopeSchema(GroupSchema) },
        },
      },
      async (request) =>
        ok('Group updated', await service.update(actorOf(request), toId(request.params.id), request.body)),
    );

    app.put(
      '/group/:id/vehicles',
      {
        config: { permission: { module: MODULE, action: 'edit-group-result-table' } },
        schema: {
          tags,
          params: IdParamsSchema,
          body: GroupVehiclesInputSchema,
          response: { 200: envelopeSchema(GroupSchema) },
        },
      },
      async (request) =>
        ok(
          'Group vehicles updated',
          await service.setVehicles(actorOf(request), toId(request.params.id), request.body),
        ),
    );

    app.delete(
      '/group/:id',
      {
        config: { permission: { module: MODULE, action: 'delete-group-result-table' } },
        schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(z.null()) } },
      },
      async (request) => {
        await service.remove(actorOf(request), toId(request.params.id));
        return ok('Group deleted', null);
      },
    );
  },
};
