/**
 * /v1/geocode (issue 5 "reverse geocoding"; spec 02 §7 "Reverse geocode GET with latitude and longitude"): any
 * signed-in user, answered with the places of the caller's organisations (and the external provider when configured).
 */
import {
  GeocodeBatchInputSchema,
  GeocodeBatchSchema,
  GeocodeQuerySchema,
  GeocodeResultSchema,
  envelopeSchema,
} from '@civicfleet/shared';
import type { ApiModule } from '../../http/types.ts';
import { createReverseGeocoder } from './reverse-geocoder.ts';

const ok = <T>(message: string, data: T) => ({ success: true, message, data });

export const geocodeModule: ApiModule = {
  name: 'geocode',
  register(app, deps) {
    const geocoder = createReverseGeocoder({
      db: deps.db,
      provider: deps.env.geocoder,
      bus: deps.bus,
      clock: deps.clock,
    });
    app.addHook('onClose', async () => geocoder.close());
    const tags = ['geocode'];
    const config = { permission: { authenticated: true as const } };

    app.get(
      '/geocode/reverse',
      {
        config,
        schema: {
          tags,
          querystring: GeocodeQuerySchema,
          response: { 200: envelopeSchema(GeocodeResultSchema) },
        },
      },
      async (request) =>
        ok('Address', await geocoder.reverse(request.auth.orgIds, request.query.lat, request.query.lon)),
    );

    app.post(
      '/geocode/reverse-batch',
      {
        config,
        schema: {
          tags,
          body: GeocodeBatchInputSchema,
          response: { 200: envelopeSchema(GeocodeBatchSchema) },
        },
      },
      async (request) => {
        const results = await geocoder.reverseMany(request.auth.orgIds, request.body.points);
        return ok('Addresses', { addresses: results.map((r) => r.address) });
      },
    );
  },
};
