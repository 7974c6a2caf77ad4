/** "Revoke this link?" — once revoked, whoever holds the link sees "This link has expired or was revoked." */
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Share } from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { revokeShare, shareKeys } from './api/shares';
import { shareTarget } from './share-target';

export function RevokeShareDialog({ share, onClose }: { share: Share | null; onClose: () => void }) {
  const { t } = useTranslation('share');
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [isBusy, setIsBusy] = useState(false);
  const confirm = async () => {
    if (!share) return;
    setIsBusy(true);
    try {
      await revokeShare(share.id);
      enqueueSnackbar(t('revoke.done'), { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: shareKeys.lists() });
      onClose();
    } catch (error) {
      enqueueSnackbar(error instanceof ApiError && error.hasServerMessage ? error.message : t('failed'), {
        variant: 'error',
      });
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Dialog
      open={share !== null}
      onClose={isBusy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('revoke.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{share && t('revoke.body', { target: shareTarget(t, share) })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isBusy}>
          {t('cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={() => void confirm()}
          disabled={isBusy}
          startIcon={isBusy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t('revoke.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
