/**
 * Share live tracking of one vehicle or group, or one vehicle's playback window, as a time-limited public link:
 * choose how long it lives (1 h, 8 h, 24 h, 7 days or a custom time) and an optional label, create it, and copy the
 * link — shown once, the server keeps only its hash. Below, the links already made for the same vehicle or group,
 * with their status and Revoke.
 */
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { CreatedShare, ShareInputBody } from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { formatDateTime } from '@/lib/format';
import { createShare, shareKeys } from './api/shares';
import { CUSTOM_UNITS, EXPIRY_PRESETS, expiryMinutes, type CustomUnit, type ExpiryChoice } from './expiry';
import { ExistingShares } from './ExistingShares';

export interface ShareDialogProps {
  open: boolean;
  onClose: () => void;
  kind: 'live' | 'playback';
  vehicleId?: string | undefined;
  groupId?: string | undefined;
  /** Playback window, ISO instants. */
  from?: string | undefined;
  to?: string | undefined;
  /** What is shared, in the title ("MP09AB1234", a group's name). */
  subject?: string | undefined;
}

export function ShareDialog(props: ShareDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      {props.open && <ShareDialogContent {...props} titleId={titleId} />}
    </Dialog>
  );
}

function ShareDialogContent({
  onClose,
  kind,
  vehicleId,
  groupId,
  from,
  to,
  subject,
  titleId,
}: ShareDialogProps & { titleId: string }) {
  const { t } = useTranslation('share');
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<ExpiryChoice>('24h');
  const [amount, setAmount] = useState('2');
  const [unit, setUnit] = useState<CustomUnit>('days');
  const [label, setLabel] = useState('');
  const [created, setCreated] = useState<CreatedShare | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [isBusy, setIsBusy] = useState(false);
  const minutes = expiryMinutes(choice, amount, unit);
  const link = created ? new URL(created.path, window.location.origin).toString() : '';

  const create = async () => {
    if (minutes === null) return;
    setIsBusy(true);
    setError(undefined);
    const input: ShareInputBody =
      kind === 'live'
        ? { kind, vehicleId: groupId ? undefined : vehicleId, groupId, expiresInMinutes: minutes }
        : { kind, vehicleId, from, to, expiresInMinutes: minutes };
    if (label.trim()) input.label = label.trim();
    try {
      setCreated(await createShare(input));
      void queryClient.invalidateQueries({ queryKey: shareKeys.lists() });
    } catch (e) {
      setError(e instanceof ApiError && e.hasServerMessage ? e.message : t('failed'));
    } finally {
      setIsBusy(false);
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      enqueueSnackbar(t('dialog.copied'), { variant: 'success' });
    } catch {
      enqueueSnackbar(t('dialog.copyFailed'), { variant: 'warning' });
    }
  };

  return (
    <>
      <DialogTitle id={titleId}>
        {t(kind === 'live' ? 'dialog.titleLive' : 'dialog.titlePlayback')}
        {subject && (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {subject}
          </Typography>
        )}
      </DialogTitle>
      <DialogContent>
        {kind === 'playback' && from && to && (
          <Typography variant="body2" sx={{ mb: 2 }}>
            {t('dialog.window', { from: formatDateTime(from), to: formatDateTime(to) })}
          </Typography>
        )}
        {created ? (
          <Box role="status">
            <Alert severity="success" sx={{ mb: 2 }}>
              {t('dialog.created', { at: formatDateTime(created.expiresAt) })}
            </Alert>
            <TextField
              fullWidth
              label={t('dialog.link')}
              value={link}
              slotProps={{
                input: {
                  readOnly: true,
                  endAdornment: (
                    <InputAdornment position="end">
                      <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
                        {t('dialog.copy')}
                      </Button>
                    </InputAdornment>
                  ),
                },
                htmlInput: { onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.target.select() },
              }}
            />
            <Typography variant="caption" color="text.secondary">
              {t('dialog.shownOnce')}
            </Typography>
          </Box>
        ) : (
          <Stack spacing={2}>
            <FormControl>
              <FormLabel id={`${titleId}-expiry`}>{t('dialog.expiry')}</FormLabel>
              <ToggleButtonGroup
                exclusive
                size="small"
                color="primary"
                value={choice}
                onChange={(_, value: ExpiryChoice | null) => value && setChoice(value)}
                aria-labelledby={`${titleId}-expiry`}
                sx={{ mt: 1, flexWrap: 'wrap' }}
              >
                {[...EXPIRY_PRESETS.map((p) => p.id), 'custom' as const].map((id) => (
                  <ToggleButton key={id} value={id}>
                    {t(`expiry.${id}`)}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            </FormControl>
            {choice === 'custom' && (
              <Stack direction="row" spacing={1}>
                <TextField
                  label={t('dialog.customAmount')}
                  type="number"
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                  error={minutes === null}
                  helperText={minutes === null ? t('dialog.customInvalid') : undefined}
                  slotProps={{ htmlInput: { min: 1, step: 1 } }}
                  sx={{ flex: 1 }}
                />
                <TextField
                  select
                  label={t('dialog.customUnit')}
                  value={unit}
                  onChange={(e) => setUnit(e.target.value as CustomUnit)}
                  sx={{ width: 160 }}
                >
                  {Object.keys(CUSTOM_UNITS).map((u) => (
                    <MenuItem key={u} value={u}>
                      {t(`units.${u}`)}
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
            )}
            <TextField
              label={t('dialog.label')}
              helperText={t('dialog.labelHint')}
              value={label}
              onChange={(e) => setLabel(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
          </Stack>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
        <ExistingShares kind={kind} vehicleId={vehicleId} groupId={groupId} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
        {created ? (
          <Button onClick={() => setCreated(null)}>{t('dialog.another')}</Button>
        ) : (
          <Button
            variant="contained"
            onClick={() => void create()}
            disabled={isBusy || minutes === null}
            startIcon={isBusy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t('dialog.create')}
          </Button>
        )}
      </DialogActions>
    </>
  );
}
