/** The caller's own sessions (contract: packages/shared auth.contract.ts ActiveSessionSchema; OWASP ASVS 3.3.4). */
import { ActiveSessionListSchema, RevokeSessionsResultSchema, type ActiveSession } from '@civicfleet/shared';
import { apiRequest } from '@/api/client';

export const sessionKeys = { all: ['auth', 'sessions'] as const };

/** GET /auth/sessions: live sessions, newest first; `current` is this browser's. */
export function listSessions(signal?: AbortSignal): Promise<ActiveSession[]> {
  return apiRequest({ method: 'GET', path: '/auth/sessions', schema: ActiveSessionListSchema, signal });
}

/** POST /auth/sessions/revoke: one session (`sessionId`) or, without it, every session but this one. */
export function revokeSessions(body: { password: string; sessionId?: string }): Promise<{ revoked: number }> {
  return apiRequest({
    method: 'POST',
    path: '/auth/sessions/revoke',
    body,
    schema: RevokeSessionsResultSchema,
  });
}
