/** The frame every device action dialog shares: title, content, Cancel and a submit button with a spinner. */
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface DialogFrameProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Omit to show only a Close button (e.g. once bulk results are shown). */
  submitLabel?: string | undefined;
  onSubmit?: () => void;
  isBusy?: boolean;
  isSubmitDisabled?: boolean;
  isDestructive?: boolean;
  children: ReactNode;
}

export function DialogFrame({
  open,
  title,
  onClose,
  submitLabel,
  onSubmit,
  isBusy = false,
  isSubmitDisabled = false,
  isDestructive = false,
  children,
}: DialogFrameProps) {
  const { t } = useTranslation('device');
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={isBusy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isBusy}>
          {submitLabel === undefined ? t('common.close') : t('common.cancel')}
        </Button>
        {submitLabel !== undefined && (
          <Button
            variant="contained"
            color={isDestructive ? 'error' : 'primary'}
            onClick={onSubmit}
            disabled={isBusy || isSubmitDisabled}
            startIcon={isBusy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {submitLabel}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
