/**
 * Serves the built console (WEB_DIST) and falls back to index.html for client-side routes. Unknown /v1 paths answer
 * the JSON 404 envelope.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ErrorEnvelope } from '@civicfleet/shared';
import { isApiPath } from './route-permissions.ts';

const MISSING_BUILD = `The web console has not been built yet.

Run \`npm run build:web\` at the repository root (or \`npm start\`, which builds it), then reload this page.
The API is available under /v1 (documentation at /v1/docs).
`;

function wantsHtml(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') || accept.includes('*/*') || accept === '';
}

export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const hasBuild = existsSync(path.join(webDist, 'index.html'));
  if (hasBuild) {
    // wildcard: false registers the files found at start-up (dot-files are not among them); 'ignore' keeps it so if
    // wildcard serving is ever turned on: a stray .env or .git in the build must never be served.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: ['index.html'],
      dotfiles: 'ignore',
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (isApiPath(pathname) || !wantsHtml(request) || path.extname(pathname) !== '') {
      return reply.status(404).send({ success: false, message: 'Not found.' } satisfies ErrorEnvelope);
    }
    if (!hasBuild) return reply.status(503).type('text/plain; charset=utf-8').send(MISSING_BUILD);
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
}
