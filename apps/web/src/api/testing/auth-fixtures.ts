/** Sample session data for tests (shapes of the auth contract). */
import type { LoginResult, SessionUser, TokenPair } from '@civicfleet/shared';
import { SESSION_KEYS } from '../token-store';

const MINUTE_MS = 60_000;

export const sampleUser: SessionUser = {
  id: '42',
  firstName: 'Asha',
  lastName: 'Verma',
  avatar: null,
  email: 'asha.verma@indore.gov.in',
  phone: '+919876543210',
  isEnabled: true,
  role: { id: '3', name: 'ADMIN', authScopes: { vehicle: { 'add-vehicle': true }, fitment: true } },
  organisation: { id: '7', tradeName: 'Indore Municipal Corporation', brandName: 'IMC' },
  permissions: ['vehicle', 'vehicle:add-vehicle', 'fitment'],
};

/** A token pair whose access and refresh tokens expire the given minutes from now (negative = already expired). */
export function tokenPair(accessMinutes: number, refreshMinutes: number, tag = 'a'): TokenPair {
  const at = (minutes: number) => new Date(Date.now() + minutes * MINUTE_MS).toISOString();
  return {
    access: { token: `access-${tag}`, expires: at(accessMinutes) },
    refresh: { token: `refresh-${tag}`, expires: at(refreshMinutes) },
  };
}

export function loginResult(token = tokenPair(15, 2880)): LoginResult {
  return {
    user: sampleUser,
    role: { name: sampleUser.role.name, authScopes: sampleUser.role.authScopes },
    token,
  };
}

/** Puts a session in localStorage as a previous visit would have left it. */
export function seedSession(pair: TokenPair, userId = sampleUser.id): void {
  window.localStorage.setItem(SESSION_KEYS.access, JSON.stringify(pair.access));
  window.localStorage.setItem(SESSION_KEYS.refresh, JSON.stringify(pair.refresh));
  window.localStorage.setItem(SESSION_KEYS.userId, userId);
  window.localStorage.setItem(SESSION_KEYS.permissions, JSON.stringify(sampleUser.permissions));
}
