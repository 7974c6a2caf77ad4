/**
 * Assign geofences to one vehicle (spec 01 §2.3 vehicle status "assign geofence"; GET/PUT /geofence/vehicle/:id):
 * every fence of the vehicle's organisation with a checkbox. A fence assigned to no vehicle applies to all of them;
 * ticking it limits it to this vehicle (and any others it is given later), and the dialog says so. Needs
 * `vehicle-status:assign-geofence`; the caller decides whether to offer it. Exported for the vehicle-status screen.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import type { VehicleGeofences } from '@civicfleet/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { assignVehicleGeofences, geofenceKeys, getVehicleGeofences } from './api/geofences';
import { useFenceLabels } from './labels';

export interface AssignGeofencesDialogProps {
  /** The vehicle whose fences are edited; null closes the dialog. */
  vehicle: { id: string; registrationNumber: string } | null;
  onClose: () => void;
  /** After a successful save (e.g. to refresh the caller's rows). */
  onDone?: () => void;
}

export function AssignGeofencesDialog({ vehicle, onClose, onDone }: AssignGeofencesDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={vehicle !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      {vehicle && (
        <AssignGeofencesContent
          key={vehicle.id}
          vehicle={vehicle}
          titleId={titleId}
          onClose={onClose}
          onDone={onDone}
        />
      )}
    </Dialog>
  );
}

function AssignGeofencesContent({
  vehicle,
  titleId,
  onClose,
  onDone,
}: AssignGeofencesDialogProps & { vehicle: { id: string; registrationNumber: string }; titleId: string }) {
  const { t } = useTranslation('geofence');
  const fences = useQuery({
    queryKey: geofenceKeys.ofVehicle(vehicle.id),
    queryFn: () => getVehicleGeofences(vehicle.id),
  });
  return (
    <>
      <DialogTitle id={titleId}>
        {t('assignToVehicle.title', { registration: vehicle.registrationNumber })}
      </DialogTitle>
      {fences.isPending && (
        <DialogContent sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </DialogContent>
      )}
      {fences.isError && (
        <DialogContent>
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void fences.refetch()}>
                {t('common.retry')}
              </Button>
            }
          >
            {fences.error instanceof ApiError && fences.error.hasServerMessage
              ? fences.error.message
              : t('common.loadFailed')}
          </Alert>
        </DialogContent>
      )}
      {fences.isError && (
        <DialogActions>
          <Button onClick={onClose}>{t('common.close')}</Button>
        </DialogActions>
      )}
      {fences.data && (
        <FenceChecklist vehicleId={vehicle.id} data={fences.data} onClose={onClose} onDone={onDone} />
      )}
    </>
  );
}

function FenceChecklist({
  vehicleId,
  data,
  onClose,
  onDone,
}: {
  vehicleId: string;
  data: VehicleGeofences;
  onClose: () => void;
  onDone?: (() => void) | undefined;
}) {
  const { t } = useTranslation('geofence');
  const labels = useFenceLabels();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const [checked, setChecked] = useState(
    () => new Set(data.geofences.filter((g) => g.isAssigned).map((g) => g.id)),
  );
  const [filter, setFilter] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const toggle = (id: string) =>
    setChecked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const needle = filter.trim().toLowerCase();
  const shown = data.geofences.filter((g) => g.name.toLowerCase().includes(needle));

  const describe = (g: VehicleGeofences['geofences'][number]) => {
    const kind = labels.kind(g.kind);
    if (checked.has(g.id) && g.isOrganisationWide) return `${kind} · ${t('assignToVehicle.becomesLimited')}`;
    if (checked.has(g.id)) return `${kind} · ${t('assignToVehicle.assigned')}`;
    if (g.isOrganisationWide) return `${kind} · ${t('assignToVehicle.organisationWide')}`;
    return `${kind} · ${t('assignToVehicle.otherVehicles')}`;
  };

  const save = async () => {
    setIsBusy(true);
    try {
      const saved = await assignVehicleGeofences(vehicleId, [...checked]);
      queryClient.setQueryData(geofenceKeys.ofVehicle(vehicleId), saved);
      void queryClient.invalidateQueries({ queryKey: geofenceKeys.all });
      enqueueSnackbar(t('assignToVehicle.saved'), { variant: 'success' });
      onDone?.();
      onClose();
    } catch (e) {
      const message = e instanceof ApiError && e.hasServerMessage ? e.message : t('common.failed');
      enqueueSnackbar(message, { variant: 'error' });
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{t('assignToVehicle.hint')}</DialogContentText>
        {data.geofences.length === 0 ? (
          <Alert severity="info">{t('assignToVehicle.none')}</Alert>
        ) : (
          <>
            {data.geofences.length > 8 && (
              <TextField
                size="small"
                fullWidth
                type="search"
                label={t('assignToVehicle.filter')}
                value={filter}
                onChange={(e) => setFilter(e.target.value)}
                sx={{ my: 1 }}
              />
            )}
            <List dense sx={{ maxHeight: 360, overflow: 'auto' }}>
              {shown.map((g) => {
                const labelId = `fence-${g.id}`;
                return (
                  <ListItem key={g.id} disablePadding>
                    <ListItemButton onClick={() => toggle(g.id)} disabled={isBusy} dense>
                      <ListItemIcon sx={{ minWidth: 36 }}>
                        <Checkbox
                          edge="start"
                          checked={checked.has(g.id)}
                          tabIndex={-1}
                          disableRipple
                          slotProps={{ input: { 'aria-labelledby': labelId } }}
                        />
                      </ListItemIcon>
                      <ListItemText id={labelId} primary={g.name} secondary={describe(g)} />
                    </ListItemButton>
                  </ListItem>
                );
              })}
            </List>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isBusy}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={isBusy || data.geofences.length === 0}
          startIcon={isBusy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t('common.save')}
        </Button>
      </DialogActions>
    </>
  );
}
