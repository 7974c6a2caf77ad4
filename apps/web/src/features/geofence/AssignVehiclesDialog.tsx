/**
 * Assign a fence to vehicles (PUT /geofence/:id/vehicles): a server-searched multi-select over the fence
 * organisation's vehicles. No vehicle chosen = the fence applies to every vehicle of its organisation, and the
 * dialog says so.
 */
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
import type { Geofence } from '@civicfleet/shared';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { assignGeofenceVehicles, getVehicle, searchVehicles } from './api/geofences';

const SEARCH_DEBOUNCE_MS = 300;
const LABELLED_LIMIT = 100;

interface VehicleOption {
  id: string;
  label: string;
}

interface AssignVehiclesDialogProps {
  fence: Geofence | null;
  onClose: () => void;
  onDone: () => void;
}

export function AssignVehiclesDialog({ fence, onClose, onDone }: AssignVehiclesDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={fence !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      {fence && (
        <AssignVehiclesContent
          key={fence.id}
          fence={fence}
          titleId={titleId}
          onClose={onClose}
          onDone={onDone}
        />
      )}
    </Dialog>
  );
}

function useDebounced(value: string): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [value]);
  return debounced;
}

function AssignVehiclesContent({
  fence,
  titleId,
  onClose,
  onDone,
}: Required<AssignVehiclesDialogProps> & { fence: Geofence; titleId: string }) {
  const { t } = useTranslation('geofence');
  const { enqueueSnackbar } = useSnackbar();
  const [selectedIds, setSelectedIds] = useState<string[]>(fence.vehicleIds);
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const debounced = useDebounced(search.trim());
  const options = useQuery({
    queryKey: ['vehicles', 'options', fence.organisationId, debounced],
    queryFn: () => searchVehicles(fence.organisationId, debounced),
    placeholderData: keepPreviousData,
  });
  // The registration numbers of the vehicles assigned already (the fence holds their ids only); past
  // LABELLED_LIMIT a chip shows the id rather than sending one more request per vehicle.
  const assigned = useQueries({
    queries: fence.vehicleIds.slice(0, LABELLED_LIMIT).map((id) => ({
      queryKey: ['vehicles', 'one', id],
      queryFn: () => getVehicle(id),
    })),
  });

  const labels = useMemo(() => {
    const map = new Map<string, string>();
    for (const q of assigned) if (q.data) map.set(q.data.id, q.data.registrationNumber);
    for (const v of options.data?.items ?? []) map.set(v.id, v.registrationNumber);
    return map;
  }, [assigned, options.data]);
  const toOption = (id: string): VehicleOption => ({ id, label: labels.get(id) ?? `#${id}` });
  const value = selectedIds.map(toOption);
  const choices = (options.data?.items ?? []).map((v) => toOption(v.id));

  const save = async () => {
    setIsBusy(true);
    setError(null);
    try {
      await assignGeofenceVehicles(fence.id, selectedIds);
      enqueueSnackbar(t('assign.saved'), { variant: 'success' });
      onDone();
      onClose();
    } catch (e) {
      const message = e instanceof ApiError && e.hasServerMessage ? e.message : t('common.failed');
      setError(message);
      enqueueSnackbar(message, { variant: 'error' });
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <>
      <DialogTitle id={titleId}>{t('assign.title', { name: fence.name })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('assign.hint')}</DialogContentText>
        {options.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {t('common.loadFailed')}
          </Alert>
        )}
        <Autocomplete
          multiple
          options={choices}
          value={value}
          onChange={(_, picked) => setSelectedIds(picked.map((o) => o.id))}
          inputValue={search}
          onInputChange={(_, text, reason) => {
            if (reason !== 'reset') setSearch(text);
          }}
          filterOptions={(x) => x}
          filterSelectedOptions
          getOptionLabel={(o) => o.label}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          loading={options.isFetching}
          noOptionsText={t('assign.noVehicles')}
          disabled={isBusy}
          renderInput={(params) => (
            <TextField {...params} label={t('assign.vehicles')} placeholder={t('assign.search')} />
          )}
        />
        <Alert severity={selectedIds.length === 0 ? 'info' : 'success'} sx={{ mt: 2 }} role="status">
          {selectedIds.length === 0
            ? t('assign.allVehicles')
            : t('assign.someVehicles', { count: selectedIds.length })}
        </Alert>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isBusy}>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => setSelectedIds([])} disabled={isBusy || selectedIds.length === 0}>
          {t('assign.clear')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={isBusy}
          startIcon={isBusy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t('common.save')}
        </Button>
      </DialogActions>
    </>
  );
}
