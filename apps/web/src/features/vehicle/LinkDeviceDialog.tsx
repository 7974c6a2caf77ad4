/** Link a device (the organisation's unlinked devices) to a vehicle, or unlink the current one. */
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { LinkableDevice, Vehicle } from '@civicfleet/shared';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { linkDevice, listLinkableDevices, unlinkDevice, vehicleKeys } from './api/vehicles';

interface LinkDeviceDialogProps {
  vehicle: Vehicle | null;
  onClose: () => void;
  onDone: () => void;
}

export function LinkDeviceDialog({ vehicle, onClose, onDone }: LinkDeviceDialogProps) {
  const { t } = useTranslation('vehicle');
  const { enqueueSnackbar } = useSnackbar();
  const [device, setDevice] = useState<LinkableDevice | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const devices = useQuery({
    queryKey: vehicleKeys.linkable(vehicle?.id ?? ''),
    queryFn: () => listLinkableDevices(vehicle?.id ?? ''),
    enabled: vehicle !== null,
  });
  const close = () => {
    setDevice(null);
    onClose();
  };
  const run = async (call: () => Promise<Vehicle>, done: string) => {
    setIsBusy(true);
    try {
      await call();
      enqueueSnackbar(done, { variant: 'success' });
      onDone();
      close();
    } catch (error) {
      const message =
        error instanceof ApiError && error.hasServerMessage ? error.message : t('common.failed');
      enqueueSnackbar(message, { variant: 'error' });
    } finally {
      setIsBusy(false);
    }
  };
  const current = vehicle?.device ?? null;
  return (
    <Dialog open={vehicle !== null} onClose={isBusy ? undefined : close} fullWidth maxWidth="sm">
      <DialogTitle>{t('link.title', { registration: vehicle?.registrationNumber ?? '' })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {current ? t('link.current', { imei: current.imei }) : t('link.none')}
        </DialogContentText>
        {devices.isError && <Alert severity="error">{t('common.loadFailed')}</Alert>}
        <Autocomplete
          options={devices.data ?? []}
          loading={devices.isPending}
          value={device}
          onChange={(_, value) => setDevice(value)}
          getOptionLabel={(d) => (d.model ? `${d.imei} (${d.model})` : d.imei)}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          noOptionsText={t('link.noDevices')}
          renderInput={(params) => <TextField {...params} label={t('link.device')} />}
        />
        <DialogContentText variant="body2" sx={{ mt: 2 }}>
          {t('link.hint')}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={isBusy}>
          {t('common.cancel')}
        </Button>
        {current && vehicle && (
          <Button
            color="error"
            disabled={isBusy}
            onClick={() => void run(() => unlinkDevice(vehicle.id), t('link.unlinked'))}
          >
            {t('link.unlink')}
          </Button>
        )}
        <Button
          variant="contained"
          disabled={isBusy || device === null}
          startIcon={isBusy ? <CircularProgress size={16} color="inherit" /> : undefined}
          onClick={() => {
            if (vehicle && device) void run(() => linkDevice(vehicle.id, device.id), t('link.linked'));
          }}
        >
          {t('link.link')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
