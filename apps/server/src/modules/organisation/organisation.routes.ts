/** /v1/organisation (spec 01 §3, §7; spec 02 §3 "Organisation"). Thin: parse, call the service, wrap in the envelope. */
import { z } from 'zod';
import {
  DeriveSettingsPatchSchema,
  IdParamsSchema,
  OrganisationInputSchema,
  OrganisationDeriveSettingsSchema,
  OrganisationListQuerySchema,
  OrganisationPageSchema,
  OrganisationSchema,
  OrganisationSettingsSchema,
  OrganisationUpdateSchema,
  envelopeSchema,
} from '@civicfleet/shared';
import type { ApiModule } from '../../http/types.ts';
import { createDeriveSettingsService } from './derive-settings.service.ts';
import { createOrganisationService } from './organisation.service.ts';
import { actorOf, toId } from './scope.ts';

const ok = <T>(message: string, data: T) => ({ success: true, message, data });
const MODULE = 'organisation';
const SettingsDataSchema = z.record(z.string(), z.unknown());

export const organisationModule: ApiModule = {
  name: 'organisation',
  register(app, deps) {
    const service = createOrganisationService({ db: deps.db, clock: deps.clock });
    const deriveSettings = createDeriveSettingsService({ db: deps.db, clock: deps.clock, bus: deps.bus });
    const tags = ['organisation'];

    app.get(
      '/organisation',
      {
        config: { permission: { module: MODULE } },
        schema: {
          tags,
          querystring: OrganisationListQuerySchema,
          response: { 200: envelopeSchema(OrganisationPageSchema) },
        },
      },
      async (request) => ok('Organisations', await service.list(request.auth, request.query)),
    );

    app.get(
      '/organisation/:id',
      {
        config: { permission: { module: MODULE } },
        schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(OrganisationSchema) } },
      },
      async (request) => ok('Organisation', await service.get(request.auth, toId(request.params.id))),
    );

    app.post(
      '/organisation',
      {
        config: { permission: { module: MODULE, action: 'add-organisation' } },
        schema: {
          tags,
          body: OrganisationInputSchema,
          response: { 200: envelopeSchema(OrganisationSchema) },
        },
      },
      async (request) => ok('Organisation created', await service.create(actorOf(request), request.body)),
    );

    app.put(
      '/organisation/:id',
      {
        config: { permission: { module: MODULE, action: 'edit-organisation-result-table' } },
        schema: {
          tags,
          params: IdParamsSchema,
          body: OrganisationUpdateSchema,
          response: { 200: envelopeSchema(OrganisationSchema) },
        },
      },
      async (request) =>
        ok(
          'Organisation updated',
          await service.update(actorOf(request), toId(request.params.id), request.body),
        ),
    );

    app.delete(
      '/organisation/:id',
      {
        config: { permission: { module: MODULE, action: 'delete-organisation-result-table' } },
        schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(z.null()) } },
      },
      async (request) => {
        await service.remove(actorOf(request), toId(request.params.id));
        return ok('Organisation deleted', null);
      },
    );

    app.get(
      '/organisation/settings/:id',
      {
        config: { permission: { module: MODULE, action: 'setting-organisation' } },
        schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(SettingsDataSchema) } },
      },
      async (request) =>
        ok('Organisation settings', await service.getSettings(request.auth, toId(request.params.id))),
    );

    app.put(
      '/organisation/settings/:id',
      {
        config: { permission: { module: MODULE, action: 'setting-organisation' } },
        schema: {
          tags,
          params: IdParamsSchema,
          body: OrganisationSettingsSchema,
          response: { 200: envelopeSchema(SettingsDataSchema) },
        },
      },
      async (request) =>
        ok(
          'Organisation settings saved',
          await service.putSettings(actorOf(request), toId(request.params.id), request.body),
        ),
    );

    // Thresholds of trips, stops, visits … (docs/derivations.md): read with the module, written with its edit action.
    app.get(
      '/organisation/derive-settings/:id',
      {
        config: { permission: { module: MODULE } },
        schema: {
          tags,
          params: IdParamsSchema,
          response: { 200: envelopeSchema(OrganisationDeriveSettingsSchema) },
        },
      },
      async (request) =>
        ok('Derive settings', await deriveSettings.get(request.auth, toId(request.params.id))),
    );

    app.put(
      '/organisation/derive-settings/:id',
      {
        config: { permission: { module: MODULE, action: 'edit-organisation-result-table' } },
        schema: {
          tags,
          params: IdParamsSchema,
          body: DeriveSettingsPatchSchema,
          response: { 200: envelopeSchema(OrganisationDeriveSettingsSchema) },
        },
      },
      async (request) =>
        ok(
          'Derive settings saved',
          await deriveSettings.put(actorOf(request), toId(request.params.id), request.body),
        ),
    );
  },
};
