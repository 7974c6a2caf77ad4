/**
 * /v1/alert-desk: the SOS and critical-alerts desk (live operations issue; README.md). Thin: parse, call the service,
 * wrap in the envelope. Module `sos-desk`; each step needs its action.
 */
import {
  AlertDeskAcknowledgeSchema,
  AlertDeskAssigneeListSchema,
  AlertDeskAssigneeQuerySchema,
  AlertDeskAssignSchema,
  AlertDeskCloseSchema,
  AlertDeskDetailSchema,
  AlertDeskEmergencyOffResultSchema,
  AlertDeskEmergencyOffSchema,
  AlertDeskNoteSchema,
  AlertDeskPageSchema,
  AlertDeskQuerySchema,
  AlertDeskReopenSchema,
  AlertDeskSettingsPatchSchema,
  AlertDeskSettingsSchema,
  IdParamsSchema,
  envelopeSchema,
} from '@civicfleet/shared';
import { z } from 'zod';
import type { ApiModule } from '../../http/types.ts';
import { actorOf, toId } from '../organisation/scope.ts';
import { createAlertDeskService } from './alert-desk.service.ts';
import { createDeskSettingsService } from './desk-settings.service.ts';

const ok = <T>(message: string, data: T) => ({ success: true, message, data });
const MODULE = 'sos-desk';
const OrganisationParamsSchema = z.object({ organisationId: IdParamsSchema.shape.id });
/** Steps whose fields are all optional also take a request with no body. */
const optionalBody = <T extends z.ZodType>(schema: T) => z.preprocess((value) => value ?? {}, schema);

export const alertDeskModule: ApiModule = {
  name: 'alert-desk',
  register(app, deps) {
    const service = createAlertDeskService({ db: deps.db, bus: deps.bus, clock: deps.clock });
    const settings = createDeskSettingsService({ db: deps.db, clock: deps.clock });
    const tags = ['alert-desk'];
    const detail = { 200: envelopeSchema(AlertDeskDetailSchema) };

    app.get(
      '/alert-desk',
      {
        config: { permission: { module: MODULE } },
        schema: {
          tags,
          querystring: AlertDeskQuerySchema,
          response: { 200: envelopeSchema(AlertDeskPageSchema) },
        },
      },
      async (request) => ok('Desk alerts', await service.list(request.auth, request.query)),
    );

    app.get(
      '/alert-desk/assignees',
      {
        config: { permission: { module: MODULE, action: 'assign-alert' } },
        schema: {
          tags,
          querystring: AlertDeskAssigneeQuerySchema,
          response: { 200: envelopeSchema(AlertDeskAssigneeListSchema) },
        },
      },
      async (request) => ok('Assignees', await service.assignees(request.auth, request.query)),
    );

    app.get(
      '/alert-desk/settings/:organisationId',
      {
        config: { permission: { module: MODULE } },
        schema: {
          tags,
          params: OrganisationParamsSchema,
          response: { 200: envelopeSchema(AlertDeskSettingsSchema) },
        },
      },
      async (request) =>
        ok('Desk settings', await settings.get(request.auth, toId(request.params.organisationId))),
    );

    // An organisation setting: written with the organisation module's edit action, as its derive settings are.
    app.put(
      '/alert-desk/settings/:organisationId',
      {
        config: { permission: { module: 'organisation', action: 'edit-organisation-result-table' } },
        schema: {
          tags,
          params: OrganisationParamsSchema,
          body: AlertDeskSettingsPatchSchema,
          response: { 200: envelopeSchema(AlertDeskSettingsSchema) },
        },
      },
      async (request) =>
        ok(
          'Desk settings saved',
          await settings.put(actorOf(request), toId(request.params.organisationId), request.body),
        ),
    );

    app.get(
      '/alert-desk/:id',
      {
        config: { permission: { module: MODULE } },
        schema: { tags, params: IdParamsSchema, response: detail },
      },
      async (request) => ok('Desk alert', await service.get(request.auth, toId(request.params.id))),
    );

    app.post(
      '/alert-desk/:id/acknowledge',
      {
        config: { permission: { module: MODULE, action: 'acknowledge-alert' } },
        schema: {
          tags,
          params: IdParamsSchema,
          body: optionalBody(AlertDeskAcknowledgeSchema),
          response: detail,
        },
      },
      async (request) =>
        ok(
          'Alert acknowledged',
          await service.acknowledge(actorOf(request), toId(request.params.id), request.body),
        ),
    );

    app.post(
      '/alert-desk/:id/assign',
      {
        config: { permission: { module: MODULE, action: 'assign-alert' } },
        schema: { tags, params: IdParamsSchema, body: AlertDeskAssignSchema, response: detail },
      },
      async (request) =>
        ok('Alert assigned', await service.assign(actorOf(request), toId(request.params.id), request.body)),
    );

    app.post(
      '/alert-desk/:id/note',
      {
        config: { permission: { module: MODULE, action: 'acknowledge-alert' } },
        schema: { tags, params: IdParamsSchema, body: AlertDeskNoteSchema, response: detail },
      },
      async (request) =>
        ok('Note added', await service.note(actorOf(request), toId(request.params.id), request.body)),
    );

    app.post(
      '/alert-desk/:id/close',
      {
        config: { permission: { module: MODULE, action: 'close-alert' } },
        schema: { tags, params: IdParamsSchema, body: AlertDeskCloseSchema, response: detail },
      },
      async (request) =>
        ok('Alert closed', await service.close(actorOf(request), toId(request.params.id), request.body)),
    );

    app.post(
      '/alert-desk/:id/reopen',
      {
        config: { permission: { module: MODULE, action: 'close-alert' } },
        schema: { tags, params: IdParamsSchema, body: optionalBody(AlertDeskReopenSchema), response: detail },
      },
      async (request) =>
        ok('Alert reopened', await service.reopen(actorOf(request), toId(request.params.id), request.body)),
    );

    app.post(
      '/alert-desk/:id/emergency-off',
      {
        config: { permission: { module: MODULE, action: 'emergency-off' } },
        schema: {
          tags,
          params: IdParamsSchema,
          body: AlertDeskEmergencyOffSchema,
          response: { 200: envelopeSchema(AlertDeskEmergencyOffResultSchema) },
        },
      },
      async (request) =>
        ok(
          'Emergency off sent',
          await service.emergencyOff(actorOf(request), toId(request.params.id), request.body),
        ),
    );
  },
};
