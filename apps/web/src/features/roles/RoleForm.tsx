/** Role name and permission matrix; built-in roles show read-only (they are shared by every organisation). */
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isSuperAdmin, type Role } from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { z } from 'zod';
import { ApiError } from '@/api/client';
import { useSession } from '@/session';
import { PermissionMatrix } from './PermissionMatrix';
import { createRole, roleKeys, updateRole } from './api/roles';
import { checkedToScopes, scopesToChecked } from './permission-matrix';

const LIST_PATH = '/management/role';

const RoleFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(2, 'validation.roleNameMin')
    .max(50, 'validation.roleNameMax')
    .regex(/^[A-Za-z][A-Za-z0-9 _-]*$/, 'validation.roleNameChars'),
});

export function RoleForm({ role }: { role?: Role }) {
  const { t } = useTranslation('admin');
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, permissions } = useSession();
  const isReadOnly = role?.isBuiltin === true;
  const [checked, setChecked] = useState(() => scopesToChecked(role?.authScopes ?? {}));
  const own = new Set(permissions);
  const isGrantable = (key: string) => isSuperAdmin(user?.role.name) || own.has(key);
  const { control, handleSubmit, formState, setError } = useForm({
    resolver: zodResolver(RoleFormSchema),
    defaultValues: { name: role?.name ?? '' },
  });

  const onSubmit = handleSubmit(async ({ name }) => {
    try {
      const authScopes = checkedToScopes(checked);
      if (role) await updateRole(role.id, { name, authScopes });
      else await createRole({ name, authScopes });
      await queryClient.invalidateQueries({ queryKey: roleKeys.all });
      enqueueSnackbar(role ? t('roles.updated') : t('roles.created'), { variant: 'success' });
      void navigate(LIST_PATH);
    } catch (error) {
      if (error instanceof ApiError && error.errors?.name) setError('name', { message: error.errors.name });
      const message =
        error instanceof ApiError && error.hasServerMessage ? error.message : t('common.failed');
      enqueueSnackbar(message, { variant: 'error' });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
      {isReadOnly && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('roles.builtinReadOnly')}
        </Alert>
      )}
      <Controller
        control={control}
        name="name"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            label={t('roles.name')}
            required
            disabled={isReadOnly}
            fullWidth
            margin="normal"
            error={fieldState.error !== undefined}
            helperText={
              fieldState.error?.message
                ? t(fieldState.error.message, { defaultValue: fieldState.error.message })
                : undefined
            }
            sx={{ maxWidth: 420 }}
          />
        )}
      />
      <Typography variant="h6" component="h2" sx={{ mt: 2, mb: 1 }}>
        {t('roles.permissions')}
      </Typography>
      <PermissionMatrix
        checked={checked}
        onChange={setChecked}
        isReadOnly={isReadOnly}
        isGrantable={isGrantable}
      />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 2 }}>
        <Button component={RouterLink} to={LIST_PATH} disabled={formState.isSubmitting}>
          {isReadOnly ? t('common.back') : t('common.cancel')}
        </Button>
        {!isReadOnly && (
          <Button
            type="submit"
            variant="contained"
            disabled={formState.isSubmitting}
            startIcon={formState.isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {role ? t('common.save') : t('roles.add')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
