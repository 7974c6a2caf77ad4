import { hasPermission, type SessionUser } from '@civicfleet/shared';
import { type ReactNode, useMemo, useState } from 'react';
import { type Session, SessionContext, type SessionProfile } from './session-context';

interface SessionTestProviderProps {
  /** Fields to override on a sample user (id "1", Test User, organisation "1"). */
  user?: Partial<SessionUser>;
  /** Role name; SUPER_ADMIN may do everything. Default: `user.role.name`, else ADMIN. */
  roleName?: string;
  /** Permission list (module ids and `module:action` ids). Default none. */
  permissions?: string[];
  /** Called by logout() instead of the server; default does nothing. */
  onLogout?: () => void;
  children: ReactNode;
}

/**
 * A fixed signed-in session for page tests: renders permission-filtered UI without a server or stored tokens.
 * Not for production code.
 */
const NO_PERMISSIONS: string[] = [];

export function SessionTestProvider({
  user,
  roleName: roleNameProp,
  permissions = NO_PERMISSIONS,
  onLogout,
  children,
}: SessionTestProviderProps) {
  const roleName = roleNameProp ?? user?.role?.name ?? 'ADMIN';
  const [profile, setProfile] = useState<SessionProfile | null>(null);
  const session = useMemo<Session>(() => {
    const sessionUser: SessionUser = {
      id: '1',
      firstName: 'Test',
      lastName: 'User',
      avatar: null,
      email: 'test.user@example.in',
      phone: '+919876543210',
      isEnabled: true,
      organisation: { id: '1', tradeName: 'Test Municipal Corporation', brandName: null },
      ...user,
      ...profile,
      role: { id: '1', authScopes: {}, ...user?.role, name: roleName },
      permissions,
    };
    return {
      status: 'authenticated',
      user: sessionUser,
      permissions,
      can: (moduleId, actionId) => hasPermission(roleName, permissions, moduleId, actionId),
      applyProfile: setProfile,
      logout: async () => onLogout?.(),
    };
  }, [user, profile, roleName, permissions, onLogout]);

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
