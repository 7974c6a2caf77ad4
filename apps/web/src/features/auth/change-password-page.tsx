/** Change Password (spec 01 §2.3 /change-password, inside the app layout): current, new and confirmed password. */
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { changePassword } from '@/api/auth';
import { PageHeader } from '@/components/PageHeader';
import { useSession } from '@/session';
import { FormError, SubmitButton } from './auth-form-parts';
import { ChangePasswordFields } from './change-password-fields';
import { ChangePasswordFormSchema, type ChangePasswordFormInput } from './auth-schemas';

const EMPTY_FORM: ChangePasswordFormInput = { currentPassword: '', newPassword: '', confirmPassword: '' };
/** Server field names (contract: username, password, newpassword) → form field names. */
const SERVER_FIELDS: Record<string, FieldPath<ChangePasswordFormInput>> = {
  password: 'currentPassword',
  newpassword: 'newPassword',
};

export function ChangePasswordPage() {
  const { t } = useTranslation('auth');
  const { enqueueSnackbar } = useSnackbar();
  const { user } = useSession();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const { control, handleSubmit, formState, setError, reset } = useForm({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: EMPTY_FORM,
  });
  const username = user?.email ?? user?.phone ?? null;

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setSubmitError(null);
    if (username === null) {
      setSubmitError(t('change.noUsername'));
      return;
    }
    const result = await changePassword({ username, password: currentPassword, newpassword: newPassword });
    if (!result.success) {
      for (const [serverField, message] of Object.entries(result.errors ?? {})) {
        const field = SERVER_FIELDS[serverField];
        if (field !== undefined) setError(field, { message });
      }
      setSubmitError(result.message);
      return;
    }
    reset(EMPTY_FORM);
    enqueueSnackbar(result.message || t('change.done'), { variant: 'success' });
  });

  return (
    <Box sx={{ maxWidth: 560 }}>
      <PageHeader title={t('change.title')} subtitle={t('change.subtitle')} />
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Box component="form" noValidate onSubmit={onSubmit}>
            <ChangePasswordFields
              control={control}
              currentPasswordLabel={t('change.currentPassword')}
              owner={{ email: user?.email ?? null, phone: user?.phone ?? null }}
            />
            <FormError message={submitError} />
            <SubmitButton fullWidth={false} size="medium" loading={formState.isSubmitting}>
              {t('change.submit')}
            </SubmitButton>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
