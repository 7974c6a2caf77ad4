import type { SessionUser } from '@civicfleet/shared';
import { createContext, useContext } from 'react';

export type SessionStatus = 'initialising' | 'anonymous' | 'authenticated';

/** The fields of the signed-in user that he edits himself (PUT /users/me). */
export type SessionProfile = Pick<SessionUser, 'firstName' | 'lastName' | 'email' | 'phone' | 'avatar'>;

export interface Session {
  status: SessionStatus;
  user: SessionUser | null;
  /** Flattened permission list (module ids and `module:action` ids) computed by the server. */
  permissions: string[];
  /** SUPER_ADMIN may do everything; others need the module (or `module:action`) in `permissions`. */
  can(moduleId: string, actionId?: string): boolean;
  /** Shows the user's own saved profile at once (header, Profile) without signing in again. */
  applyProfile(profile: SessionProfile): void;
  /** Tells the server, clears the stored session, toasts and goes to /. Never rejects. */
  logout(): Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (session === null)
    throw new Error('useSession() needs a <SessionProvider> (or <SessionTestProvider>) above it.');
  return session;
}
