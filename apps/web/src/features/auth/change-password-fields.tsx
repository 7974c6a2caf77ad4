/**
 * Current, new (with the strength meter, graded by the server's rules) and confirmed password: the fields of the
 * change-password page and of the forced change after a sign-in with the brand's default password.
 */
import { type Control, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordStrengthMeter } from '@/components/form/PasswordStrengthMeter';
import type { ChangePasswordFormInput } from './auth-schemas';
import { PasswordInput } from './form-fields';

export function ChangePasswordFields({
  control,
  currentPasswordLabel,
  owner,
}: {
  control: Control<ChangePasswordFormInput>;
  currentPasswordLabel: string;
  /** The user's own e-mail and phone: a password containing them is weak. */
  owner: { email: string | null; phone: string | null };
}) {
  const { t } = useTranslation('auth');
  const newPassword = useWatch({ control, name: 'newPassword' });
  return (
    <>
      <PasswordInput
        control={control}
        name="currentPassword"
        label={currentPasswordLabel}
        autoComplete="current-password"
      />
      <PasswordInput
        control={control}
        name="newPassword"
        label={t('change.newPassword')}
        autoComplete="new-password"
        helperText={t('password.hint')}
      />
      <PasswordStrengthMeter password={newPassword} owner={owner} />
      <PasswordInput
        control={control}
        name="confirmPassword"
        label={t('change.confirmPassword')}
        autoComplete="new-password"
      />
    </>
  );
}
