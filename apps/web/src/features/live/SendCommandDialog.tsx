/** "Send command" from the live card: a device command (POST /v1/command) to the vehicle's tracker, kept simple. */
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { COMMAND_TYPES, type CommandType } from '@civicfleet/shared';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { sendCommand } from './api/live-api';

export interface SendCommandDialogProps {
  open: boolean;
  deviceId: string;
  vehicleName: string;
  onClose: () => void;
}

export function SendCommandDialog({ open, deviceId, vehicleName, onClose }: SendCommandDialogProps) {
  const { t } = useTranslation('live');
  const { enqueueSnackbar } = useSnackbar();
  const [type, setType] = useState<CommandType>('getInfo');
  const [text, setText] = useState('');
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const needsText = type === 'custom';

  async function submit() {
    if (needsText && !text.trim()) {
      setError(t('command.textRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await sendCommand({ deviceId, type, params: needsText ? { text: text.trim() } : {} });
      enqueueSnackbar(t('command.queued'), { variant: 'success' });
      onClose();
    } catch (e) {
      setError(e instanceof ApiError && e.hasServerMessage ? e.message : t('command.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('command.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText>{t('command.to', { name: vehicleName })}</DialogContentText>
        <TextField
          select
          label={t('command.type')}
          value={type}
          onChange={(e) => setType(e.target.value as CommandType)}
        >
          {COMMAND_TYPES.map((c) => (
            <MenuItem key={c} value={c}>
              {t(`command.types.${c}`)}
            </MenuItem>
          ))}
        </TextField>
        {needsText && (
          <TextField
            label={t('command.text')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            helperText={t('command.textHint')}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
        )}
        {error && (
          <DialogContentText role="alert" color="error">
            {error}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('command.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={isBusy}>
          {t('command.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
