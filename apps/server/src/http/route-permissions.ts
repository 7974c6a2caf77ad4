/**
 * Every /v1 route must declare config.permission (docs/conventions.md "Permissions"). The declarations are collected
 * into app.routeCatalogue so that the permission-matrix test can enumerate every route.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { RouteCatalogueEntry, RoutePermission } from './types.ts';

export const API_PREFIX = '/v1';
/** Served by plugins (OpenAPI UI and JSON); public by nature. */
export const EXEMPT_PREFIXES = ['/v1/docs'];

export function isApiPath(url: string): boolean {
  return url === API_PREFIX || url.startsWith(`${API_PREFIX}/`);
}

export function isExempt(url: string): boolean {
  return !isApiPath(url) || EXEMPT_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`));
}

function isRoutePermission(value: unknown): value is RoutePermission {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  if (v.public === true || v.authenticated === true || v.superAdminOnly === true) return true;
  return (
    typeof v.module === 'string' &&
    v.module.length > 0 &&
    (v.action === undefined || typeof v.action === 'string')
  );
}

export function registerRoutePermissions(app: FastifyInstance): void {
  const catalogue: RouteCatalogueEntry[] = [];
  app.decorate('routeCatalogue', catalogue);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (isExempt(route.url)) return;
    const permission: unknown = route.config?.permission;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!isRoutePermission(permission)) {
      throw new Error(`Route ${methods.join(',')} ${route.url} has no valid config.permission declaration`);
    }
    // Fastify adds HEAD for every GET itself; the catalogue lists what modules declared.
    if (
      methods.length === 1 &&
      methods[0] === 'HEAD' &&
      catalogue.some((e) => e.url === route.url && e.method === 'GET')
    )
      return;
    for (const method of methods) catalogue.push({ method, url: route.url, permission });
  });
}
