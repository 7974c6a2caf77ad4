/**
 * /v1/dashboard (spec 01 §2.3, issue 7 "Dashboards"): each route is guarded by the dashboard module that shows it —
 * /city by `dashboard`, /divisions and /series by `dashboardv2`, /fleet by `fleet-dashboard`.
 */
import {
  CityDashboardSchema,
  DashboardFilterSchema,
  DashboardSeriesQuerySchema,
  DashboardSeriesSchema,
  DivisionsDashboardSchema,
  FleetDashboardSchema,
  envelopeSchema,
} from '@civicfleet/shared';
import type { ApiModule } from '../../http/types.ts';
import { createDashboardService } from './dashboard.service.ts';

const ok = <T>(message: string, data: T) => ({ success: true, message, data });

export const dashboardModule: ApiModule = {
  name: 'dashboard',
  register(app, deps) {
    const service = createDashboardService({ db: deps.db, clock: deps.clock });
    const tags = ['dashboard'];

    app.get(
      '/dashboard/city',
      {
        config: { permission: { module: 'dashboard' } },
        schema: {
          tags,
          querystring: DashboardFilterSchema,
          response: { 200: envelopeSchema(CityDashboardSchema) },
        },
      },
      async (request) => ok('City dashboard', await service.city(request.auth, request.query)),
    );

    app.get(
      '/dashboard/divisions',
      {
        config: { permission: { module: 'dashboardv2' } },
        schema: {
          tags,
          querystring: DashboardFilterSchema,
          response: { 200: envelopeSchema(DivisionsDashboardSchema) },
        },
      },
      async (request) => ok('Divisions dashboard', await service.divisions(request.auth, request.query)),
    );

    app.get(
      '/dashboard/series',
      {
        config: { permission: { module: 'dashboardv2' } },
        schema: {
          tags,
          querystring: DashboardSeriesQuerySchema,
          response: { 200: envelopeSchema(DashboardSeriesSchema) },
        },
      },
      async (request) => ok('Dashboard series', await service.series(request.auth, request.query)),
    );

    app.get(
      '/dashboard/fleet',
      {
        config: { permission: { module: 'fleet-dashboard' } },
        schema: {
          tags,
          querystring: DashboardFilterSchema,
          response: { 200: envelopeSchema(FleetDashboardSchema) },
        },
      },
      async (request) => ok('Fleet dashboard', await service.fleet(request.auth, request.query)),
    );
  },
};
