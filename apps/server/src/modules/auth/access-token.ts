/** Short-lived access JWTs (HS256, 15 min): sub = user id, role, org and the user's token version. */
import type { JWT } from '@fastify/jwt';
import { ACCESS_TOKEN_TTL_S } from '@civicfleet/shared';
import type { Clock } from '../../http/types.ts';

export interface AccessClaims {
  sub: string;
  role: string;
  org: string;
  /** users.token_version at sign-in; bumped by password changes so older tokens stop working. */
  tv: number;
  /** The refresh-token family of this session (lets change-password keep the caller's own session). */
  fam: string;
}

export interface AccessTokens {
  /** `notAfter`: the session's own end; the access token never outlives it. */
  sign(claims: AccessClaims, notAfter?: Date): { token: string; expires: Date };
  verify(token: string): AccessClaims | null;
}

function isClaims(value: unknown): value is AccessClaims {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.sub === 'string' &&
    /^\d+$/.test(v.sub) &&
    typeof v.role === 'string' &&
    typeof v.org === 'string' &&
    typeof v.tv === 'number' &&
    typeof v.fam === 'string'
  );
}

export function createAccessTokens(jwt: JWT, clock: Clock): AccessTokens {
  return {
    sign(claims, notAfter) {
      const iat = Math.floor(clock().getTime() / 1000);
      const sessionEnd = notAfter ? Math.floor(notAfter.getTime() / 1000) : Number.POSITIVE_INFINITY;
      const exp = Math.min(iat + ACCESS_TOKEN_TTL_S, sessionEnd);
      const token = jwt.sign({ ...claims, iat, exp });
      return { token, expires: new Date(exp * 1000) };
    },
    verify(token) {
      try {
        const decoded: unknown = jwt.verify(token, { clockTimestamp: clock().getTime() });
        return isClaims(decoded) ? decoded : null;
      } catch {
        return null;
      }
    },
  };
}
