/**
 * /management/geofence (spec 01 §2.6 geofence): the organisations' fences on a map above the server-paged list, a
 * kind filter in the URL, and the permitted row actions (edit, assign vehicles, delete). A fence a POI owns is edited
 * through the POI, so it offers no edit or delete here.
 */
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { GEOFENCE_KINDS, type Geofence, type GeofenceKind } from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { ConfirmDeleteDialog } from '@/components/ConfirmDeleteDialog';
import { ResultsTable, type ResultsTableColumn, type RowAction } from '@/components/table';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/session';
import { AssignVehiclesDialog } from './AssignVehiclesDialog';
import { deleteGeofence, geofenceKeys, listGeofences } from './api/geofences';
import { GEOFENCE_LIST_PATH, isGeofenceKind } from './geofence-form';
import { useFenceLabels } from './labels';

const GeofencesMap = lazy(() => import('./GeofencesMap'));

const MODULE = 'geofence';
const permission = (action: string) => ({ module: MODULE, action });
const MAP_HEIGHT = 280;

/** The kind filter in the URL (?kind=dump-yard). */
function useKindFilter(): [GeofenceKind | undefined, (kind: string) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('kind') ?? '';
  const set = (kind: string) =>
    setParams((p) => {
      if (isGeofenceKind(kind)) p.set('kind', kind);
      else p.delete('kind');
      return p;
    });
  return [isGeofenceKind(raw) ? raw : undefined, set];
}

export function GeofenceListPage() {
  const { t } = useTranslation('geofence');
  const labels = useFenceLabels();
  const { can } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [kind, setKind] = useKindFilter();
  const [deleting, setDeleting] = useState<Geofence | null>(null);
  const [assigning, setAssigning] = useState<Geofence | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: geofenceKeys.all });
  const isOwn = (g: Geofence) => g.poiId === null;

  const columns: ResultsTableColumn<Geofence>[] = [
    {
      key: 'name',
      header: t('fields.name'),
      sortable: true,
      render: (g) =>
        isOwn(g) ? (
          g.name
        ) : (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <span>{g.name}</span>
            <Chip size="small" variant="outlined" label={t('list.fromPoi')} />
          </Stack>
        ),
    },
    { key: 'kind', header: t('fields.kind'), sortable: true, accessor: (g) => labels.kind(g.kind) },
    { key: 'shape', header: t('fields.shape'), accessor: (g) => labels.shape(g) },
    {
      key: 'radiusM',
      header: t('fields.radiusM'),
      align: 'right',
      accessor: (g) => g.radiusM,
      render: (g) => (g.radiusM === null ? '–' : t('list.metres', { radiusM: g.radiusM })),
    },
    {
      key: 'dwellS',
      header: t('fields.dwellS'),
      accessor: (g) => labels.dwell(g.dwellS),
    },
    {
      key: 'vehicles',
      header: t('list.vehicles'),
      accessor: (g) => labels.vehicles(g.vehicleIds.length),
      render: (g) =>
        g.vehicleIds.length === 0 ? (
          <Chip size="small" color="info" variant="outlined" label={labels.vehicles(0)} />
        ) : (
          labels.vehicles(g.vehicleIds.length)
        ),
    },
    {
      key: 'createdAt',
      header: t('list.createdAt'),
      sortable: true,
      accessor: (g) => formatDateTime(g.createdAt),
    },
  ];

  const rowActions: RowAction<Geofence>[] = [
    {
      id: 'edit',
      label: t('actions.edit'),
      onSelect: (g) => void navigate(`${GEOFENCE_LIST_PATH}/edit/${g.id}`),
      visible: isOwn,
      permission: permission('edit-geofence-result-table'),
    },
    {
      id: 'assign',
      label: t('actions.assign'),
      onSelect: setAssigning,
      permission: permission('edit-geofence-result-table'),
    },
    {
      id: 'delete',
      label: t('actions.delete'),
      onSelect: setDeleting,
      visible: isOwn,
      isDestructive: true,
      permission: permission('delete-geofence-result-table'),
    },
  ];

  const kindFilter = (
    <TextField
      select
      size="small"
      label={t('fields.kind')}
      value={kind ?? ''}
      onChange={(e) => setKind(e.target.value)}
      sx={{ minWidth: 180 }}
    >
      <MenuItem value="">{t('list.allKinds')}</MenuItem>
      {GEOFENCE_KINDS.map((k) => (
        <MenuItem key={k} value={k}>
          {labels.kind(k)}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <>
      <Box sx={{ mb: 2 }}>
        <Suspense fallback={<Skeleton variant="rounded" height={MAP_HEIGHT} />}>
          <GeofencesMap height={MAP_HEIGHT} />
        </Suspense>
      </Box>
      <ResultsTable<Geofence>
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        columns={columns}
        query={(q) => listGeofences({ ...q, kind })}
        queryKey={geofenceKeys.list(kind)}
        getRowLabel={(g) => g.name}
        rowActions={rowActions}
        can={can}
        emptyMessage={t('list.empty')}
        searchPlaceholder={t('list.search')}
        exportFileBase="Geofences"
        exportFilters={kind ? [{ label: t('fields.kind'), value: labels.kind(kind) }] : []}
        toolbarActions={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {kindFilter}
            {can(MODULE, 'add-geofence') && (
              <Button
                component={RouterLink}
                to={`${GEOFENCE_LIST_PATH}/add`}
                variant="contained"
                startIcon={<AddIcon />}
              >
                {t('form.add')}
              </Button>
            )}
          </Stack>
        }
      />
      <ConfirmDeleteDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onDelete={() => (deleting ? deleteGeofence(deleting.id) : Promise.resolve())}
        onDeleted={refresh}
      />
      <AssignVehiclesDialog fence={assigning} onClose={() => setAssigning(null)} onDone={refresh} />
    </>
  );
}
