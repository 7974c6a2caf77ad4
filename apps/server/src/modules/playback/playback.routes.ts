/**
 * GET /v1/vehicle/position/playback (spec 01 §7 "route playback") and its export as KML / GPX / CSV, for holders of
 * the route-playback module. Static paths: they win over the vehicle module's /vehicle/:id whatever the order.
 */
import {
  PlaybackExportQuerySchema,
  PlaybackLimitsSchema,
  PlaybackQuerySchema,
  PlaybackSchema,
  envelopeSchema,
} from '@civicfleet/shared';
import type { ApiModule } from '../../http/types.ts';
import { createReverseGeocoder } from '../geocode/reverse-geocoder.ts';
import { createPlaybackService } from './playback.service.ts';

export const playbackModule: ApiModule = {
  name: 'playback',
  register(app, deps) {
    const geocoder = createReverseGeocoder({
      db: deps.db,
      provider: deps.env.geocoder,
      bus: deps.bus,
      clock: deps.clock,
    });
    app.addHook('onClose', async () => geocoder.close());
    const service = createPlaybackService({ db: deps.db, clock: deps.clock, geocoder });
    const tags = ['playback'];
    const config = { permission: { module: 'route-playback' } };

    app.get(
      '/vehicle/position/playback',
      {
        config,
        schema: { tags, querystring: PlaybackQuerySchema, response: { 200: envelopeSchema(PlaybackSchema) } },
      },
      async (request) => ({
        success: true,
        message: 'Route playback',
        data: await service.forCaller(request.auth, request.query),
      }),
    );

    app.get(
      '/vehicle/position/playback/limits',
      { config, schema: { tags, response: { 200: envelopeSchema(PlaybackLimitsSchema) } } },
      async (request) => ({
        success: true,
        message: 'Route playback limits',
        data: await service.limits(request.auth),
      }),
    );

    app.get(
      '/vehicle/position/playback/export',
      { config, schema: { tags, querystring: PlaybackExportQuerySchema } },
      async (request, reply) => {
        const file = await service.exportFor(request.auth, request.query);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );
  },
};
