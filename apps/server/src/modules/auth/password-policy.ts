/**
 * The server side of the new-password policy (OWASP ASVS 4.0.3 2.1.7): the pure rules live in
 * packages/shared/src/domain/password-policy.ts so the console's strength meter applies the very same ones.
 */
import { passwordWeakness, type PasswordOwner } from '@civicfleet/shared';
import { BadRequestError } from '../../http/errors.ts';

export { PASSWORD_POLICY_MESSAGES, passwordWeakness, type PasswordOwner } from '@civicfleet/shared';

/** Throws the envelope's 400 with the message on `field` when the password is refused. */
export function assertAcceptablePassword(password: string, owner: PasswordOwner, field = 'password'): void {
  const weakness = passwordWeakness(password, owner);
  if (weakness) throw new BadRequestError(weakness, { [field]: weakness });
}
