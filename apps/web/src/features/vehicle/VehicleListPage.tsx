/** /management/vehicle (spec 01 §2.6): the caller's vehicles, server-paged, with the permitted row actions. */
import AddIcon from '@mui/icons-material/Add';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { Vehicle } from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiError } from '@/api/client';
import { ConfirmDeleteDialog } from '@/components/ConfirmDeleteDialog';
import { ResultsTable, type ResultsTableColumn, type RowAction } from '@/components/table';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/session';
import { BulkUploadDialog } from './BulkUploadDialog';
import { LinkDeviceDialog } from './LinkDeviceDialog';
import {
  deleteVehicle,
  listVehicles,
  sendVehicleMail,
  setVehicleTracking,
  vehicleKeys,
} from './api/vehicles';

const MODULE = 'vehicle';
const permission = (action: string) => ({ module: MODULE, action });

export function VehicleListPage() {
  const { t } = useTranslation('vehicle');
  const { can } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [deleting, setDeleting] = useState<Vehicle | null>(null);
  const [linking, setLinking] = useState<Vehicle | null>(null);
  const [isBulkOpen, setIsBulkOpen] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: vehicleKeys.all });

  const act = async (call: () => Promise<unknown>, done: string) => {
    try {
      await call();
      enqueueSnackbar(done, { variant: 'success' });
      refresh();
    } catch (error) {
      const message =
        error instanceof ApiError && error.hasServerMessage ? error.message : t('common.failed');
      enqueueSnackbar(message, { variant: 'error' });
    }
  };

  const columns: ResultsTableColumn<Vehicle>[] = [
    { key: 'registrationNumber', header: t('fields.registrationNumber'), sortable: true },
    {
      key: 'kind',
      header: t('fields.kind'),
      accessor: (v) => (v.kind ? t(`kinds.${v.kind}`, { defaultValue: v.kind }) : ''),
    },
    { key: 'type', header: t('fields.type'), sortable: true, accessor: (v) => v.type ?? '' },
    {
      key: 'imei',
      header: t('list.device'),
      sortable: true,
      accessor: (v) => v.device?.imei ?? t('list.notLinked'),
      render: (v) =>
        v.device ? v.device.imei : <Chip size="small" variant="outlined" label={t('list.notLinked')} />,
    },
    {
      key: 'organisation',
      header: t('list.organisation'),
      accessor: (v) => v.organisation.brandName ?? v.organisation.tradeName,
    },
    { key: 'ward', header: t('fields.ward'), accessor: (v) => v.wardName ?? '' },
    {
      key: 'tracking',
      header: t('list.tracking'),
      accessor: (v) => (v.isTrackingActivated ? t('list.on') : t('list.off')),
      render: (v) => (
        <Chip
          size="small"
          color={v.isTrackingActivated ? 'success' : 'default'}
          label={v.isTrackingActivated ? t('list.on') : t('list.off')}
        />
      ),
    },
    {
      key: 'lastUpdate',
      header: t('list.lastUpdate'),
      accessor: (v) => formatDateTime(v.lastUpdateAt ?? null) || '-',
    },
  ];

  const rowActions: RowAction<Vehicle>[] = [
    {
      id: 'edit',
      label: t('actions.edit'),
      onSelect: (v) => void navigate(`/management/vehicle/edit/${v.id}`),
      permission: permission('edit-vehicle-result-table'),
    },
    {
      id: 'mail',
      label: t('actions.sendMail'),
      onSelect: (v) => void act(() => sendVehicleMail(v.id), t('actions.mailSent')),
      permission: permission('send-mail-item'),
    },
    {
      id: 'activate',
      label: t('actions.activate'),
      onSelect: (v) => void act(() => setVehicleTracking(v.id, true), t('actions.activated')),
      visible: (v) => !v.isTrackingActivated,
      permission: permission('activated-tracking'),
    },
    {
      id: 'deactivate',
      label: t('actions.deactivate'),
      onSelect: (v) => void act(() => setVehicleTracking(v.id, false), t('actions.deactivated')),
      visible: (v) => v.isTrackingActivated,
      permission: permission('deActivated-tracking'),
    },
    {
      id: 'link',
      label: t('actions.link'),
      onSelect: setLinking,
      permission: permission('link-unlink-device'),
    },
    {
      id: 'delete',
      label: t('actions.delete'),
      onSelect: setDeleting,
      isDestructive: true,
      permission: permission('delete-vehicle-result-table'),
    },
  ];

  const canAdd = can(MODULE, 'add-vehicle');
  return (
    <>
      <ResultsTable<Vehicle>
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        columns={columns}
        query={listVehicles}
        queryKey={vehicleKeys.list()}
        getRowLabel={(v) => v.registrationNumber}
        rowActions={rowActions}
        can={can}
        emptyMessage={t('list.empty')}
        searchPlaceholder={t('list.search')}
        exportFileBase="Vehicles"
        toolbarActions={
          canAdd ? (
            <Stack direction="row" spacing={1}>
              <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setIsBulkOpen(true)}>
                {t('bulk.open')}
              </Button>
              <Button
                component={RouterLink}
                to="/management/vehicle/add"
                variant="contained"
                startIcon={<AddIcon />}
              >
                {t('form.add')}
              </Button>
            </Stack>
          ) : undefined
        }
      />
      <ConfirmDeleteDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onDelete={() => (deleting ? deleteVehicle(deleting.id) : Promise.resolve())}
        onDeleted={refresh}
      />
      <LinkDeviceDialog vehicle={linking} onClose={() => setLinking(null)} onDone={refresh} />
      <BulkUploadDialog open={isBulkOpen} onClose={() => setIsBulkOpen(false)} onDone={refresh} />
    </>
  );
}
