/**
 * Associate user (action associate-user-result-table): attaches the user to another organisation of the caller's
 * subtree, keeping the role (PUT /users/:id/organisation, audited on the server).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { User } from '@civicfleet/shared';
import { useSnackbar } from 'notistack';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { OrganisationPicker } from '@/components/OrganisationPicker';
import { associateUser } from './api/users';
import { applyServerErrors, FieldMessages } from '@/components/form';
import { useAdminMessages } from './form-parts';

const AssociateFormSchema = z.object({
  organisationId: z.string().min(1, 'validation.organisationRequired'),
});

interface AssociateUserDialogProps {
  user: User | null;
  onClose: () => void;
  onDone: () => void;
}

export function AssociateUserDialog({ user, onClose, onDone }: AssociateUserDialogProps) {
  const { t } = useTranslation('admin');
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const { control, handleSubmit, formState, setError, reset } = useForm({
    resolver: zodResolver(AssociateFormSchema),
    defaultValues: { organisationId: '' },
  });
  useEffect(() => {
    if (user) reset({ organisationId: user.organisation.id });
  }, [user, reset]);

  const onSubmit = handleSubmit(async ({ organisationId }) => {
    if (!user) return;
    try {
      await associateUser(user.id, organisationId);
      enqueueSnackbar(t('users.associated'), { variant: 'success' });
      onClose();
      onDone();
    } catch (error) {
      const message = applyServerErrors(error, setError, ['organisationId']);
      enqueueSnackbar(message || t('common.failed'), { variant: 'error' });
    }
  });

  const messages = useAdminMessages();
  return (
    <FieldMessages translate={messages}>
      <Dialog
        open={user !== null}
        onClose={formState.isSubmitting ? undefined : onClose}
        aria-labelledby={titleId}
        maxWidth="sm"
        fullWidth
      >
        <form noValidate onSubmit={(e) => void onSubmit(e)}>
          <DialogTitle id={titleId}>{t('users.associateTitle')}</DialogTitle>
          <DialogContent>
            <DialogContentText>
              {t('users.associateBody', { name: user ? `${user.firstName} ${user.lastName}`.trim() : '' })}
            </DialogContentText>
            {user && (
              <OrganisationPicker
                key={user.id}
                control={control}
                name="organisationId"
                label={t('users.organisation')}
                initial={{ id: user.organisation.id, label: user.organisation.tradeName }}
              />
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={formState.isSubmitting}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={formState.isSubmitting}
              startIcon={formState.isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {t('users.associate')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </FieldMessages>
  );
}
