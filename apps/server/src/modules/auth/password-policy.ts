/**
 * The server side of the new-password policy (OWASP ASVS 4.0.3 2.1.7): the pure rules live in
 * packages/shared/src/domain/password-policy.ts so the console's strength meter applies the very same ones; the server
 * adds the breached-password corpus (breached-passwords.ts).
 */
import { passwordWeakness as localWeakness, type PasswordOwner } from '@civicfleet/shared';
import { BadRequestError } from '../../http/errors.ts';
import { isBreachedPassword } from './breached-passwords.ts';

export { PASSWORD_POLICY_MESSAGES, type PasswordOwner } from '@civicfleet/shared';

/** Why the server refuses `password` as a new password, or null. */
export function passwordWeakness(password: string, owner: PasswordOwner = {}): string | null {
  return localWeakness(password, owner, { isBreached: isBreachedPassword });
}

/** Throws the envelope's 400 with the message on `field` when the password is refused. */
export function assertAcceptablePassword(password: string, owner: PasswordOwner, field = 'password'): void {
  const weakness = passwordWeakness(password, owner);
  if (weakness) throw new BadRequestError(weakness, { [field]: weakness });
}
