/** Who may open a screen of the main area (spec 01 §6). Pure; the gate component feeds it the session. */
import { WALLET_ROLES } from '@civicfleet/shared';

export type Access =
  /** Needs the module (and, if given, the action) in the permission list; SUPER_ADMIN holds all. */
  | { kind: 'module'; moduleId: string; actionId?: string }
  /** Any signed-in user (change password). */
  | { kind: 'authenticated' }
  /** Only these role names (Wallet: ADMIN and RFC_ADMIN, spec 01 §2.9). */
  | { kind: 'roles'; roles: readonly string[] }
  /** The user edit screen: everyone for their own id (Profile), otherwise the user module. */
  | { kind: 'profile' };

export interface AccessSubject {
  userId: string | undefined;
  roleName: string | undefined;
  can: (moduleId: string, actionId?: string) => boolean;
}

export const walletAccess: Access = { kind: 'roles', roles: WALLET_ROLES };

export function canOpen(
  access: Access,
  subject: AccessSubject,
  params: Readonly<Record<string, string | undefined>>,
) {
  switch (access.kind) {
    case 'authenticated':
      return true;
    case 'roles':
      return subject.roleName !== undefined && access.roles.includes(subject.roleName);
    case 'profile':
      return (subject.userId !== undefined && params.id === subject.userId) || subject.can('user');
    case 'module':
      return subject.can(access.moduleId, access.actionId);
  }
}
