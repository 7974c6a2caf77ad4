/** Wire shapes and error mapping of the user module. */
import { USER_MESSAGES, withPhonePrefix, type User } from '@civicfleet/shared';
import { ConflictError } from '../../http/errors.ts';
import type { UserRecord } from './user.repository.ts';

export function toUser(row: UserRecord): User {
  return {
    id: String(row.id),
    firstName: row.firstName,
    lastName: row.lastName,
    avatar: row.avatar,
    email: row.email,
    phone: row.phone,
    isEnabled: row.isEnabled,
    mfaEnabled: row.mfaEnabled,
    role: { id: String(row.role.id), name: row.role.name },
    organisation: {
      id: String(row.organisation.id),
      tradeName: row.organisation.tradeName,
      brandName: row.organisation.brandName,
    },
    createdAt: row.createdAt.toISOString(),
  };
}

/** A phone filter as typed: 10 digits or +91…, spaces ignored. */
export function normalisePhoneFilter(phone: string): string {
  return withPhonePrefix(phone.replace(/[\s-]/g, ''));
}

/** The constraint of a unique violation, looking through driver error wrappers (drizzle wraps the driver's error). */
export function uniqueViolation(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, constraint, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    current = cause;
  }
  return undefined;
}

export const emailTaken = () =>
  new ConflictError(USER_MESSAGES.emailTaken, { email: USER_MESSAGES.emailTaken });
export const phoneTaken = () =>
  new ConflictError(USER_MESSAGES.phoneTaken, { phone: USER_MESSAGES.phoneTaken });
