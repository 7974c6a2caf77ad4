/**
 * GET /v1/live — the WebSocket feed (live.contract.ts; session rules in live-session.ts). The upgrade request is
 * authenticated by the session itself (config.websocketAuth), because browsers cannot send an Authorization header
 * on a WebSocket; a plain HTTP GET goes through the normal Bearer check and is told to upgrade.
 * `?share=<token>` instead of an access token opens the feed of a public share link (modules/share).
 */
import { bearerToken } from '../http/authenticate.ts';
import type { ApiModule } from '../http/types.ts';
import { createAuthenticator } from '../modules/auth/auth-context.service.ts';
import { createShareAccess } from '../modules/share/share-public.service.ts';
import { runShareLiveSession } from '../modules/share/share-live-session.ts';
import { runLiveSession, type LiveSessionDeps } from './live-session.ts';

export interface LiveModuleOptions {
  timing?: LiveSessionDeps['timing'];
}

export function createLiveModule(options: LiveModuleOptions = {}): ApiModule {
  return {
    name: 'live',
    register(app, deps) {
      const authenticator = createAuthenticator(deps.db, deps.accessTokens);
      const shareAccess = createShareAccess({ db: deps.db, clock: deps.clock });
      app.route({
        method: 'GET',
        url: '/live',
        config: { permission: { authenticated: true }, websocketAuth: true },
        schema: { tags: ['live'], hide: true },
        handler: async (_request, reply) =>
          reply.code(426).header('upgrade', 'websocket').send({
            success: false,
            message: 'Open /v1/live as a WebSocket.',
          }),
        wsHandler: (socket, request) => {
          deps.metrics.live.clientOpened();
          socket.once('close', () => deps.metrics.live.clientClosed());
          const query = request.query as { token?: unknown; share?: unknown };
          if (typeof query.share === 'string' && query.share) {
            const timing = { deltaEveryMs: deps.env.liveDeltaMs, ...options.timing };
            runShareLiveSession(socket, query.share, {
              bus: deps.bus,
              clock: deps.clock,
              access: shareAccess,
              timing,
            });
            return;
          }
          const token = typeof query.token === 'string' && query.token ? query.token : bearerToken(request);
          runLiveSession(socket, token, {
            db: deps.db,
            bus: deps.bus,
            authenticator,
            clock: deps.clock,
            timing: { deltaEveryMs: deps.env.liveDeltaMs, ...options.timing },
            metrics: deps.metrics.live,
          });
        },
      });
    },
  };
}

export const liveModule = createLiveModule();
