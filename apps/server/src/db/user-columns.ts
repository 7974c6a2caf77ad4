/**
 * The columns every "user with role and organisation" read selects (sign-in, sessions, user management). Each
 * repository adds what only it needs (the password hash and token version for sign-in, createdAt for listings).
 */
import { organisations, roles, users } from './schema/index.ts';

export const userWithRoleColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  avatar: users.avatar,
  email: users.email,
  phone: users.phone,
  isEnabled: users.isEnabled,
  role: { id: roles.id, name: roles.name, authScopes: roles.authScopes },
  organisation: {
    id: organisations.id,
    tradeName: organisations.tradeName,
    brandName: organisations.brandName,
  },
};
