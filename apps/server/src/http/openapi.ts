import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Brand } from '@civicfleet/shared';

/** OpenAPI generated from the routes' zod schemas; UI at /v1/docs, document at /v1/docs/json. */
export async function registerOpenApi(app: FastifyInstance, brand: Brand): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: `${brand.name} API`, version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/v1/docs' });
}
