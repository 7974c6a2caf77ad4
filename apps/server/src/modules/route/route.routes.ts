/** /v1/route (spec 01 §2.6 route; "add-kml"). Static paths before /route/:id. */
import { z } from 'zod';
import {
  IdParamsSchema,
  RouteInputSchema,
  RouteKmlInputSchema,
  RouteListQuerySchema,
  RoutePageSchema,
  RouteSchema,
  RouteVehiclesInputSchema,
  envelopeSchema,
} from '@civicfleet/shared';
import type { ApiModule } from '../../http/types.ts';
import { actorOf, toId } from '../organisation/scope.ts';
import { createRouteService } from './route.service.ts';

const ok = <T>(message: string, data: T) => ({ success: true, message, data });
const MODULE = 'route';

export const routeModule: ApiModule = {
  name: 'route',
  register(app, deps) {
    const service = createRouteService({ db: deps.db });
    const tags = ['route'];

    app.get(
      '/route',
      {
        config: { permission: { module: MODULE } },
        schema: {
          tags,
          querystring: RouteListQuerySchema,
          response: { 200: envelopeSchema(RoutePageSchema) },
        },
      },
      async (request) => ok('Routes', await service.list(request.auth, request.query)),
    );

    app.post(
      '/route/kml',
      {
        config: { permission: { module: MODULE, action: 'add-kml' } },
        bodyLimit: 25 * 1024 * 1024,
        schema: { tags, body: RouteKmlInputSchema, response: { 200: envelopeSchema(RouteSchema) } },
      },
      async (request) => ok('Route imported', await service.importKml(actorOf(request), request.body)),
    );

    app.get(
      '/route/:id',
      {
        config: { permission: { module: MODULE } },
        schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(RouteSchema) } },
      },
      async (request) => ok('Route', await service.get(request.auth, toId(request.params.id))),
    );

    app.post(
      '/route',
      {
        config: { permission: { module: MODULE, action: 'add-route' } },
        bodyLimit: 25 * 1024 * 1024,
        schema: { tags, body: RouteInputSchema, response: { 200: envelopeSchema(RouteSchema) } },
      },
      async (request) => ok('Route created', await service.create(actorOf(request), request.body)),
    );

    app.put(
      '/route/:id',
      {
        config: { permission: { module: MODULE, action: 'edit-route-result-table' } },
        bodyLimit: 25 * 1024 * 1024,
        schema: {
          tags,
          params: IdParamsSchema,
          body: RouteInputSchema,
          response: { 200: envelopeSchema(RouteSchema) },
        },
      },
      async (request) =>
        ok('Route updated', await service.update(actorOf(request), toId(request.params.id), request.body)),
    );

    app.put(
      '/route/:id/vehicles',
      {
        config: { permission: { module: MODULE, action: 'edit-route-result-table' } },
        schema: {
          tags,
          params: IdParamsSchema,
          body: RouteVehiclesInputSchema,
          response: { 200: envelopeSchema(RouteSchema) },
        },
      },
      async (request) =>
        ok(
          'Route vehicles updated',
          await service.setVehicles(actorOf(request), toId(request.params.id), request.body),
        ),
    );

    app.delete(
      '/route/:id',
      {
        config: { permission: { module: MODULE, action: 'delete-route-result-table' } },
        schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(z.null()) } },
      },
      async (request) => {
        await service.remove(actorOf(request), toId(request.params.id));
        return ok('Route deleted', null);
      },
    );
  },
};
