/**
 * buildApi(deps): the Fastify application without a listening socket — what tests build and main*.ts start.
 */
import jwt from '@fastify/jwt';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createInProcessBus } from './bus/bus.ts';
import { createAuthChanges, type AuthChangeFeed } from './http/auth-changes.ts';
import { registerAuthentication } from './http/authenticate.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { requestLogSerializer } from './http/log-redaction.ts';
import { registerOpenApi } from './http/openapi.ts';
import { DEFAULT_LOGIN_LIMITS, type AttemptLimits } from './http/rate-limit.ts';
import { API_PREFIX, registerRoutePermissions } from './http/route-permissions.ts';
import { registerSecurityHeaders } from './http/security.ts';
import type { ApiApp, ApiDeps, ApiModule, ModuleDeps } from './http/types.ts';
import { registerWeb } from './http/web.ts';
import { createAccessTokens } from './modules/auth/access-token.ts';
import { AUTH_CHANGES_CHANNEL, AuthCache, isAuthWrite } from './modules/auth/auth-cache.ts';
import { createAuthenticator } from './modules/auth/auth-context.service.ts';
import { createStepUpVerifier } from './modules/auth/step-up.service.ts';
import { apiModules } from './modules/index.ts';
import { registerRootOpsRoutes } from './modules/health/health.routes.ts';
import { createMetrics } from './observability/metrics.ts';
import { registerRequestObservability, requestIdOf } from './observability/request-observability.ts';

export interface BuildOptions {
  /** Fastify logger option; default: env.logLevel. */
  logger?: FastifyServerOptions['logger'];
  /** Extra modules after the standard ones (tests). */
  extraModules?: ApiModule[];
  /** Sign-in attempt limits; default DEFAULT_LOGIN_LIMITS. */
  authLimits?: AttemptLimits;
}

export async function buildApi(deps: ApiDeps, options: BuildOptions = {}): Promise<ApiApp> {
  // Request URLs are logged with secret query parameters redacted (live and share tokens), whatever the logger.
  const logger = options.logger ?? { level: deps.env.logLevel };
  const app = Fastify({
    logger:
      typeof logger === 'object' && logger !== null
        ? { ...logger, serializers: { req: requestLogSerializer, ...logger.serializers } }
        : logger,
    trustProxy: deps.env.trustProxy,
    bodyLimit: 1024 * 1024,
    // A sane incoming X-Request-Id is kept (tracing across a proxy), else a fresh one; logged as `reqId`.
    genReqId: requestIdOf,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const metrics = deps.metrics ?? createMetrics();
  registerRequestObservability(app, metrics.http);
  registerErrorHandler(app);
  registerRoutePermissions(app);
  await registerSecurityHeaders(app);
  await registerOpenApi(app, deps.brand);
  await app.register(jwt, {
    secret: deps.env.jwtSecret,
    sign: { algorithm: 'HS256' },
    verify: { algorithms: ['HS256'] },
  });
  // /v1/live: 64 KiB is plenty for the client's few control messages.
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  const clock = deps.clock ?? (() => new Date());
  const accessTokens = createAccessTokens(app.jwt, clock);
  const authChanges = createAuthChanges();
  const authenticator = createAuthenticator(deps.db, accessTokens, await authCacheOf(app, deps, authChanges));
  const moduleDeps: ModuleDeps = {
    ...deps,
    clock,
    bus: deps.bus ?? createInProcessBus(),
    metrics,
    accessTokens,
    authenticator,
    ...(deps.changes ? { authChanges } : {}),
    authLimits: options.authLimits ?? DEFAULT_LOGIN_LIMITS,
  };
  registerAuthentication(app, authenticator, {
    mfaRequiredForAdmins: deps.env.mfaRequiredForAdmins ?? false,
    stepUps: createStepUpVerifier(deps.db, clock),
  });

  for (const mod of [...apiModules, ...(options.extraModules ?? [])]) {
    await app.register(async (scope) => mod.register(scope.withTypeProvider<ZodTypeProvider>(), moduleDeps), {
      prefix: API_PREFIX,
    });
  }
  // /healthz, /readyz and /metrics at the root (orchestrators, Prometheus); docs/operations.md.
  registerRootOpsRoutes(app, {
    db: deps.db,
    bus: moduleDeps.bus,
    metrics,
    metricsToken: deps.env.metricsToken,
  });
  await registerWeb(app, deps.env.webDist);
  await app.ready();
  return app;
}

/**
 * With a change feed the authentication contexts are cached (modules/auth/auth-cache.ts); without one, never. Each
 * announced change then goes to `changes` (open /v1/live sockets re-check their session), after the cache dropped it;
 * a lost or regained LISTEN connection as `*` (changes may have been missed).
 */
async function authCacheOf(
  app: FastifyInstance,
  deps: ApiDeps,
  changes: AuthChangeFeed,
): Promise<AuthCache | undefined> {
  if (!deps.changes) return undefined;
  const cache = new AuthCache();
  const unlisten = await deps.changes.listen(AUTH_CHANGES_CHANNEL, {
    message: (payload) => {
      cache.apply(payload);
      changes.emit(payload);
    },
    reset: (live) => {
      cache.setLive(live);
      changes.emit('*');
    },
    localWrite: { matches: isAuthWrite, onWrite: () => cache.apply('*') },
  });
  app.addHook('onClose', async () => {
    cache.setLive(false);
    await unlisten();
  });
  return cache;
}
