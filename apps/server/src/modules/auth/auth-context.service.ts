/** Turns a verified access token into the request's AuthContext (docs/conventions.md "Organisation scope"). */
import { flattenAuthScopes, isSuperAdmin } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { visibleOrganisationIds } from '../../db/organisation-scope.ts';
import type { Authenticator } from '../../http/authenticate.ts';
import type { AuthContext } from '../../http/types.ts';
import type { AccessTokens } from './access-token.ts';
import type { AuthCache } from './auth-cache.ts';
import { findUserById, isFamilyLive, type UserWithRole } from './auth.repository.ts';

export async function buildAuthContext(
  db: Db,
  user: UserWithRole,
  sessionFamilyId: string,
): Promise<AuthContext> {
  const superAdmin = isSuperAdmin(user.role.name);
  return {
    userId: user.id,
    roleId: user.role.id,
    roleName: user.role.name,
    organisationId: user.organisation.id,
    permissions: flattenAuthScopes(user.role.name, user.role.authScopes),
    orgIds: superAdmin ? 'all' : await visibleOrganisationIds(db, user.organisation.id),
    email: user.email,
    phone: user.phone,
    sessionFamilyId,
    mustChangePassword: user.mustChangePassword,
    mfaEnabled: user.mfaEnabled,
  };
}

/** `cache`: contexts kept per session and dropped on every announced change (auth-cache.ts); none reads every time. */
export function createAuthenticator(db: Db, tokens: AccessTokens, cache?: AuthCache): Authenticator {
  return {
    async authenticate(token) {
      const claims = tokens.verify(token);
      if (!claims) return null;
      const userId = BigInt(claims.sub);
      const cached = cache?.get(claims.fam, userId, claims.tv);
      if (cached) return cached;
      const generation = cache?.generation() ?? 0;
      const user = await findUserById(db, userId);
      // A disabled or deleted user, or a password changed since the token was issued, ends the session.
      if (!user || user.deleted || !user.isEnabled || user.tokenVersion !== claims.tv) return null;
      // A signed-out (or otherwise revoked) session ends now, not when its access token expires.
      if (!(await isFamilyLive(db, claims.fam, userId))) return null;
      const context = await buildAuthContext(db, user, claims.fam);
      cache?.set(generation, context, claims.tv);
      return context;
    },
  };
}
