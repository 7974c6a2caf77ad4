/** The mail a user gets when their second factor changes (ASVS 2.5.5): turned on, off, or reset by an administrator. */
import type { Brand } from '@civicfleet/shared';
import type { Clock } from '../../http/types.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { mfaChangedMail, type MfaChangeKind } from '../auth/reset-mail.ts';

export interface MfaNotify {
  mailer: Mailer;
  brand: Brand;
}

/** The notice of a changed second factor to a user with an e-mail address; a failed send never fails the change. */
export async function notifyMfaChange(
  deps: { notify?: MfaNotify; clock: Clock },
  user: { email: string | null; firstName: string },
  kind: MfaChangeKind,
): Promise<void> {
  if (!deps.notify || !user.email) return;
  const message = mfaChangedMail({
    to: user.email,
    firstName: user.firstName,
    kind,
    at: deps.clock(),
    brand: deps.notify.brand,
  });
  await deps.notify.mailer.send(message).catch(() => undefined);
}
