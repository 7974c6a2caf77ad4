import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Security headers for the API and the console (the console uses emotion, hence inline styles). */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        workerSrc: ["'self'", 'blob:'],
        // 'self' covers the console's own /v1/live WebSocket (CSP 3: ws/wss of the same host); no other host.
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        // The all-in-one server is often reached over plain http on a LAN; do not force https sub-resources.
        upgradeInsecureRequests: null,
      },
    },
    // Same-origin only; the console never embeds cross-origin resources that would need CORP/COEP relaxations.
    crossOriginEmbedderPolicy: false,
  });
}
