/**
 * onRequest: verifies the Bearer access token and enforces the route's declared permission before the body is even
 * validated, so that an anonymous caller learns nothing about a route's input.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, hasPermission, isSuperAdmin } from '@civicfleet/shared';
import { ForbiddenError, UnauthorizedError } from './errors.ts';
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

export function registerAuthentication(app: FastifyInstance, authenticator: Authenticator): void {
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
    if (!isAllowed(auth, permission)) throw new ForbiddenError(AUTH_MESSAGES.forbidden);
  });
}
