/**
 * onRequest: verifies the Bearer access token and enforces the route's declared permission before the body is even
 * validated, so that an anonymous caller learns nothing about a route's input.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AUTH_MESSAGES,
  MFA_MESSAGES,
  STEP_UP_MESSAGES,
  hasPermission,
  isMfaAdminRole,
  isSuperAdmin,
} from '@civicfleet/shared';
import type { StepUpVerifier } from '../modules/auth/step-up.service.ts';
import { AppError, ForbiddenError, UnauthorizedError } from './errors.ts';
import { isExempt } from './route-permissions.ts';
import type { AuthContext, RoutePermission } from './types.ts';

export interface Authenticator {
  /** Verifies the access token and loads the caller; null when the token or the user is not valid (any more). */
  authenticate(token: string): Promise<AuthContext | null>;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** An HTTP/1.1 upgrade to the WebSocket protocol (what @fastify/websocket hands to a route's wsHandler). */
export function isWebSocketUpgrade(request: FastifyRequest): boolean {
  return (request.headers.upgrade ?? '').toLowerCase() === 'websocket';
}

export function isAllowed(auth: AuthContext, permission: RoutePermission): boolean {
  if ('authenticated' in permission || 'public' in permission) return true;
  if ('superAdminOnly' in permission) return isSuperAdmin(auth.roleName);
  return hasPermission(auth.roleName, auth.permissions, permission.module, permission.action);
}

export interface AuthenticationOptions {
  /** MFA_REQUIRED_FOR_ADMINS: SUPER_ADMIN and ADMIN sessions without MFA reach only the enrolment calls. */
  mfaRequiredForAdmins?: boolean;
  /** Answers whether a session confirmed its password recently (routes with `config.stepUp`); without it they are shut. */
  stepUps?: StepUpVerifier;
}

/**
 * The 403 of a `config.stepUp` route whose session has not stepped up: the fixed message the console recognises, and
 * the fields POST /v1/auth/step-up will want, so the console's dialog shows the code field only when it is needed.
 */
export function stepUpRequiredError(auth: AuthContext): AppError {
  const fields: Record<string, string> = { password: STEP_UP_MESSAGES.passwordRequired };
  if (auth.mfaEnabled) fields.code = MFA_MESSAGES.codeRequired;
  return new AppError(403, STEP_UP_MESSAGES.required, fields);
}

/** What a restricted session may still call (sign-out and token refresh are public routes, always reachable). */
const SESSION_USER = 'GET /v1/auth/logged-in-user/:id';
const PASSWORD_CHANGE_ROUTES = new Set([SESSION_USER, 'POST /v1/auth/change-password']);
const MFA_ENROLMENT_ROUTES = new Set([
  SESSION_USER,
  'GET /v1/auth/mfa',
  'POST /v1/auth/mfa/setup',
  'POST /v1/auth/mfa/enable',
]);

/**
 * The message of the 403 a restricted session gets for `route` ("METHOD /v1/path"), or null when it may proceed:
 * a user still on the brand's default password changes it first (ASVS 2.3.1); with MFA_REQUIRED_FOR_ADMINS an
 * administrator without MFA enrols first (ASVS 4.3.1).
 */
export function sessionRestriction(
  auth: AuthContext,
  route: string,
  options: AuthenticationOptions = {},
  /** The route's `:id` param, if any: the session user call is allowed for the caller's own id only. */
  routeId?: string,
): string | null {
  const allowed = (routes: ReadonlySet<string>) =>
    routes.has(route) && (route !== SESSION_USER || routeId === String(auth.userId));
  if (auth.mustChangePassword) {
    return allowed(PASSWORD_CHANGE_ROUTES) ? null : MFA_MESSAGES.passwordChangeRequired;
  }
  if (options.mfaRequiredForAdmins === true && !auth.mfaEnabled && isMfaAdminRole(auth.roleName)) {
    return allowed(MFA_ENROLMENT_ROUTES) ? null : MFA_MESSAGES.enrolmentRequired;
  }
  return null;
}

export function registerAuthentication(
  app: FastifyInstance,
  authenticator: Authenticator,
  options: AuthenticationOptions = {},
): void {
  app.decorateRequest('authOrNull', null);
  app.decorateRequest('auth', {
    getter(this: FastifyRequest): AuthContext {
      if (!this.authOrNull) throw new UnauthorizedError(AUTH_MESSAGES.tokenMissing);
      return this.authOrNull;
    },
  });

  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config.permission;
    const url = request.routeOptions.url;
    // Unmatched paths (404 handler), static files and the docs carry no declaration.
    if (!permission || url === undefined || isExempt(url)) return;
    if (request.routeOptions.config.websocketAuth === true && isWebSocketUpgrade(request)) return;
    const token = bearerToken(request);
    if ('public' in permission) {
      // Public routes still learn who is calling when a valid token is sent.
      if (token) request.authOrNull = await authenticator.authenticate(token);
      return;
    }
    if (!token) throw new UnauthorizedError(AUTH_MESSAGES.tokenMissing);
    const auth = await authenticator.authenticate(token);
    if (!auth) throw new UnauthorizedError(AUTH_MESSAGES.tokenInvalid);
    request.authOrNull = auth;
    const { id } = (request.params ?? {}) as { id?: unknown };
    const restriction = sessionRestriction(
      auth,
      `${request.method} ${url}`,
      options,
      typeof id === 'string' ? id : undefined,
    );
    if (restriction !== null) throw new ForbiddenError(restriction);
    if (!isAllowed(auth, permission)) throw new ForbiddenError(AUTH_MESSAGES.forbidden);
    // After the permission: a caller who may not act at all learns nothing about the step-up.
    if (request.routeOptions.config.stepUp === true && !(await options.stepUps?.hasRecentStepUp(auth))) {
      throw stepUpRequiredError(auth);
    }
  });
}
