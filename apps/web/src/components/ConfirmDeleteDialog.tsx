import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';

interface ConfirmDeleteDialogProps {
  open: boolean;
  /** Called on Cancel, Esc, and after a successful delete. */
  onClose: () => void;
  /** The delete call; resolves when the server confirmed it. */
  onDelete: () => Promise<unknown>;
  /** Called after the success toast (e.g. to refetch the list). */
  onDeleted?: () => void;
}

/**
 * The delete confirmation of spec 01 §8: "Do you really want to delete this product?" / "You won't be able to revert
 * after deletion", then the toast "You successfully deleted the item" once `onDelete` resolves. A failure keeps the
 * dialog open and toasts the server's message (or "Something went wrong"). Texts in the `table` namespace.
 */
export function ConfirmDeleteDialog({ open, onClose, onDelete, onDeleted }: ConfirmDeleteDialogProps) {
  const { t } = useTranslation('table');
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const bodyId = useId();
  const [isDeleting, setIsDeleting] = useState(false);

  const confirm = async () => {
    setIsDeleting(true);
    try {
      await onDelete();
      enqueueSnackbar(t('delete.success'), { variant: 'success' });
      onClose();
      onDeleted?.();
    } catch (error) {
      const message =
        error instanceof ApiError && error.hasServerMessage ? error.message : t('delete.failed');
      enqueueSnackbar(message, { variant: 'error' });
    } finally {
      setIsDeleting(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={isDeleting ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('delete.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId}>{t('delete.body')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isDeleting}>
          {t('delete.cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={() => void confirm()}
          disabled={isDeleting}
          startIcon={isDeleting ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {isDeleting ? t('delete.deleting') : t('delete.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
