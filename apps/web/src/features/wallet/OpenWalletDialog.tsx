/**
 * Opens a wallet for an organisation (POST /wallet). The server makes the organisation's first RFC_ADMIN / ADMIN user
 * its account holder and refuses a second wallet, the platform itself and an organisation without such a user.
 */
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { OrganisationSelect, type OrganisationOption } from '@/components/OrganisationPicker';
import { createWallet, walletKeys } from './api/wallet';

export function OpenWalletDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('wallet');
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const [organisation, setOrganisation] = useState<OrganisationOption | null>(null);
  const [error, setError] = useState<string | undefined>(undefined);
  const [isBusy, setIsBusy] = useState(false);

  const close = () => {
    setOrganisation(null);
    setError(undefined);
    onClose();
  };
  const submit = async () => {
    if (!organisation) {
      setError(t('validation.organisationRequired'));
      return;
    }
    setIsBusy(true);
    setError(undefined);
    try {
      await createWallet({ organisationId: organisation.id });
      enqueueSnackbar(t('openWallet.done'), { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: walletKeys.all });
      close();
    } catch (e) {
      const message = e instanceof ApiError && e.hasServerMessage ? e.message : t('common.failed');
      setError(message);
      enqueueSnackbar(message, { variant: 'error' });
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={isBusy ? undefined : close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id={titleId}>{t('openWallet.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('openWallet.body')}</DialogContentText>
          <OrganisationSelect
            value={organisation}
            onChange={(next) => {
              setOrganisation(next);
              setError(undefined);
            }}
            label={t('openWallet.organisation')}
            error={error}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isBusy}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={isBusy}
            startIcon={isBusy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t('openWallet.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
