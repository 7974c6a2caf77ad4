/** What routes declare (config.permission) and what authenticated handlers receive (request.auth). */
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Brand } from '@civicfleet/shared';
import type { Bus } from '../bus/bus.ts';
import type { Env } from '../config/env.ts';
import type { ChangeFeed, Db } from '../db/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Metrics } from '../observability/metrics.ts';
import type { AccessTokens } from '../modules/auth/access-token.ts';
import type { AuthChanges } from './auth-changes.ts';
import type { Authenticator } from './authenticate.ts';
import type { AttemptLimits } from './rate-limit.ts';

export type RoutePermission =
  { public: true } | { authenticated: true } | { superAdminOnly: true } | { module: string; action?: string };

/** The signed-in caller, loaded per request from the access token and the database. */
export interface AuthContext {
  userId: bigint;
  roleName: string;
  roleId: bigint;
  organisationId: bigint;
  /** Flattened permissions (flattenAuthScopes). */
  permissions: string[];
  /** Visible organisations: the caller's subtree, or 'all' for SUPER_ADMIN. */
  orgIds: bigint[] | 'all';
  email: string | null;
  phone: string | null;
  /** Refresh-token family of the session the access token belongs to. */
  sessionFamilyId: string;
  /** users.must_change_password: only change-password is allowed until it is done (ASVS 2.3.1, http/authenticate.ts). */
  mustChangePassword: boolean;
  /** users.mfa_enabled: TOTP on (MFA_REQUIRED_FOR_ADMINS, http/authenticate.ts). */
  mfaEnabled: boolean;
}

export interface RouteCatalogueEntry {
  method: string;
  url: string;
  permission: RoutePermission;
}

export type Clock = () => Date;

export interface ApiDeps {
  db: Db;
  env: Env;
  brand: Brand;
  mailer: Mailer;
  clock?: Clock;
  /** The bus the gateway publishes committed live deltas on (default: a private in-process bus). */
  bus?: Bus;
  /** The process's metrics registry, served at /metrics (default: a private one, without process metrics). */
  metrics?: Metrics;
  /**
   * The database's NOTIFY feed (the `Database`): with it, authentication contexts are cached and dropped on every
   * announced change (modules/auth/auth-cache.ts); without it every request reads them from the database.
   */
  changes?: ChangeFeed;
}

/** ApiDeps with the defaults filled in, as modules receive them. */
export interface ModuleDeps extends ApiDeps {
  clock: Clock;
  bus: Bus;
  metrics: Metrics;
  /** Signs and verifies access JWTs (the auth module issues them). */
  accessTokens: AccessTokens;
  /** Access token → AuthContext, cached per session (the HTTP hook and /v1/live share it). */
  authenticator: Authenticator;
  /**
   * Every announced change to sessions, users, roles or organisations (http/auth-changes.ts), after the cache dropped
   * it; absent without a change feed (then long-lived connections only re-check periodically).
   */
  authChanges?: AuthChanges;
  /** Sign-in attempt limits (tests raise the per-IP limit: every inject comes from 127.0.0.1). */
  authLimits: AttemptLimits;
}

export type ApiApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A server module: registers its routes (under /v1) on an encapsulated app. */
export interface ApiModule {
  name: string;
  register(app: ApiApp, deps: ModuleDeps): Promise<void> | void;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
    /**
     * A high-value action (ASVS 4.3.3): after authentication and the permission check, the caller's session must have
     * confirmed its password (POST /v1/auth/step-up) within STEP_UP_TTL_S (10 minutes), else 403
     * STEP_UP_MESSAGES.required. Checked in http/authenticate.ts with one query; the auth cache is not involved.
     */
    stepUp?: true;
    /**
     * WebSocket routes only: the upgrade request is not checked for a Bearer header (browsers cannot send one on a
     * WebSocket); the route's handler authenticates the connection itself. Plain HTTP requests are still checked.
     */
    websocketAuth?: true;
  }
  interface FastifyRequest {
    /** The caller; throws 401 when read on a request without a valid session (use authOrNull on public routes). */
    readonly auth: AuthContext;
    authOrNull: AuthContext | null;
  }
  interface FastifyInstance {
    routeCatalogue: RouteCatalogueEntry[];
  }
}
