/**
 * GET /v1/live — the WebSocket feed (live.contract.ts; session rules in live-session.ts). The upgrade request is
 * authenticated by the session itself (config.websocketAuth), because browsers cannot send an Authorization header
 * on a WebSocket; a plain HTTP GET goes through the normal Bearer check and is told to upgrade.
 * `?share=<token>` opens the feed of a public share link (modules/share): a capability of its own, by design. An
 * access token must come as the first message (or an Authorization header): `?token=` is refused (ASVS 3.1.1).
 * Open sessions are kept here so that every announced change to sessions, users, roles and organisations
 * (deps.authChanges: the database's NOTIFY, heard by every API process) re-checks those it concerns at once.
 */
import { bearerToken, sessionRestriction, type Authenticator } from '../http/authenticate.ts';
import type { ApiModule } from '../http/types.ts';
import { createShareAccess } from '../modules/share/share-public.service.ts';
import { runShareLiveSession } from '../modules/share/share-live-session.ts';
import {
  CLOSE_UNAUTHORISED,
  runLiveSession,
  type LiveSessionDeps,
  type LiveSessionHandle,
} from './live-session.ts';

export const LIVE_TOKEN_IN_URL_MESSAGE =
  'Access tokens are not accepted in the URL: send {"type":"auth","token":…} as the first message.';

/** A change announced for everyone (`*`) re-checks the open sockets spread over this long. */
export const WILDCARD_SPREAD_MS = 2_000;

export interface LiveModuleOptions {
  timing?: LiveSessionDeps['timing'];
}

export function createLiveModule(options: LiveModuleOptions = {}): ApiModule {
  return {
    name: 'live',
    register(app, deps) {
      // A session restricted to changing its password or enrolling a second factor gets no live feed either.
      const restriction = { mfaRequiredForAdmins: deps.env.mfaRequiredForAdmins ?? false };
      const authenticator: Authenticator = {
        async authenticate(token) {
          const auth = await deps.authenticator.authenticate(token);
          return auth && sessionRestriction(auth, 'GET /v1/live', restriction) === null ? auth : null;
        },
      };
      const shareAccess = createShareAccess({ db: deps.db, clock: deps.clock });
      const sessions = new Set<LiveSessionHandle>();
      const spreadTimers = new Set<NodeJS.Timeout>();
      const stopListening = deps.authChanges?.subscribe((change) => {
        for (const session of sessions) {
          if (change !== '*') {
            session.onAuthChange(change);
            continue;
          }
          // Everyone may be concerned (the organisation tree changed, the LISTEN connection came back): spread the
          // re-checks over WILDCARD_SPREAD_MS rather than asking the database for every socket's session at once.
          const timer = setTimeout(() => {
            spreadTimers.delete(timer);
            session.onAuthChange(change);
          }, Math.random() * WILDCARD_SPREAD_MS);
          spreadTimers.add(timer);
        }
      });
      app.addHook('onClose', async () => {
        stopListening?.();
        for (const timer of spreadTimers) clearTimeout(timer);
      });
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
          if (query.token !== undefined) {
            // Tokens never travel in URLs (OWASP ASVS 3.1.1, docs/security.md): refused like a bad token.
            socket.send(JSON.stringify({ type: 'error', message: LIVE_TOKEN_IN_URL_MESSAGE }));
            socket.close(CLOSE_UNAUTHORISED, 'Unauthorised');
            return;
          }
          const token = bearerToken(request);
          const session = runLiveSession(socket, token, {
            db: deps.db,
            bus: deps.bus,
            authenticator,
            clock: deps.clock,
            timing: { deltaEveryMs: deps.env.liveDeltaMs, ...options.timing },
            metrics: deps.metrics.live,
          });
          sessions.add(session);
          void session.closed.then(() => sessions.delete(session));
        },
      });
    },
  };
}

export const liveModule = createLiveModule();
