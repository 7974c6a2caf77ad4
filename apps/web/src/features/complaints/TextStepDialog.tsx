/** A dialog asking for one required text (add a note, reopen with a reason) and running the step with it. */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { COMPLAINT_NOTE_MAX_LENGTH } from '@civicfleet/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { useComplaintMessages } from './complaint-form';

export interface TextStepDialogProps {
  title: string;
  label: string;
  submitLabel: string;
  /** Shown when the text is blank. */
  requiredText: string;
  onSubmit: (text: string) => Promise<void>;
  onClose: () => void;
}

export function TextStepDialog({
  title,
  label,
  submitLabel,
  requiredText,
  onSubmit,
  onClose,
}: TextStepDialogProps) {
  const { t } = useTranslation('complaints');
  const messages = useComplaintMessages();
  const titleId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBlank, setIsBlank] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const submit = async () => {
    if (text.trim() === '') {
      setIsBlank(true);
      return;
    }
    setIsSubmitting(true);
    setError(null);
    try {
      await onSubmit(text.trim());
      onClose();
    } catch (e) {
      setError(e instanceof ApiError && e.hasServerMessage ? messages(e.message) : t('common.failed'));
    } finally {
      setIsSubmitting(false);
    }
  };
  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {error}
          </Alert>
        )}
        <TextField
          label={label}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setIsBlank(false);
          }}
          required
          multiline
          minRows={3}
          fullWidth
          margin="normal"
          error={isBlank}
          helperText={isBlank ? requiredText : undefined}
          slotProps={{ htmlInput: { maxLength: COMPLAINT_NOTE_MAX_LENGTH } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isSubmitting}>
          {t('actions.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={isSubmitting}
          startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
