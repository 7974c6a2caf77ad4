import { flattenAuthScopes, type SessionUser } from '@civicfleet/shared';
import type { UserWithRole } from './auth.repository.ts';

/** The wire shape of the signed-in user (contracts/auth.contract.ts SessionUserSchema). */
export function toSessionUser(user: UserWithRole): SessionUser {
  return {
    id: String(user.id),
    firstName: user.firstName,
    lastName: user.lastName,
    avatar: user.avatar,
    email: user.email,
    phone: user.phone,
    isEnabled: user.isEnabled,
    role: { id: String(user.role.id), name: user.role.name, authScopes: user.role.authScopes },
    organisation: {
      id: String(user.organisation.id),
      tradeName: user.organisation.tradeName,
      brandName: user.organisation.brandName,
    },
    permissions: flattenAuthScopes(user.role.name, user.role.authScopes),
  };
}
