/**
 * /v1/organisation/retention-settings/:id (docs/retention.md): how long an organisation's history is kept. Same
 * permissions and scope as the derive settings: read with the organisation module, written with its edit action.
 */
import {
  IdParamsSchema,
  OrganisationRetentionSettingsSchema,
  RetentionSettingsPatchSchema,
  envelopeSchema,
} from '@civicfleet/shared';
import type { ApiModule } from '../../http/types.ts';
import { actorOf, toId } from '../organisation/scope.ts';
import { createRetentionSettingsService } from './retention-settings.service.ts';

const ok = <T>(message: string, data: T) => ({ success: true, message, data });
const MODULE = 'organisation';

export const retentionModule: ApiModule = {
  name: 'retention',
  register(app, deps) {
    const service = createRetentionSettingsService({ db: deps.db, clock: deps.clock });
    const tags = ['organisation'];

    app.get(
      '/organisation/retention-settings/:id',
      {
        config: { permission: { module: MODULE } },
        schema: {
          tags,
          params: IdParamsSchema,
          response: { 200: envelopeSchema(OrganisationRetentionSettingsSchema) },
        },
      },
      async (request) => ok('Retention settings', await service.get(request.auth, toId(request.params.id))),
    );

    app.put(
      '/organisation/retention-settings/:id',
      {
        config: { permission: { module: MODULE, action: 'edit-organisation-result-table' } },
        schema: {
          tags,
          params: IdParamsSchema,
          body: RetentionSettingsPatchSchema,
          response: { 200: envelopeSchema(OrganisationRetentionSettingsSchema) },
        },
      },
      async (request) =>
        ok(
          'Retention settings saved',
          await service.put(actorOf(request), toId(request.params.id), request.body),
        ),
    );
  },
};
