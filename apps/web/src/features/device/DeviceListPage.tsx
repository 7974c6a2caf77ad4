/** /management/device (spec 01 §2.6): devices of the caller's subtree, server-paged, status chips, row/bulk actions. */
import AddIcon from '@mui/icons-material/Add';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { DEVICE_STATUSES, type Device, type DeviceStatus } from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { ConfirmDeleteDialog } from '@/components/ConfirmDeleteDialog';
import { PageHeader } from '@/components/PageHeader';
import { ResultsTable, type BulkAction, type ResultsTableColumn, type RowAction } from '@/components/table';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/session';
import { BulkCreateDialog } from './BulkCreateDialog';
import { CommandDialog, FirmwareDialog } from './CommandDialogs';
import { AllocateDialog, RollbackDialog, StatusDialog } from './LifecycleDialogs';
import { deleteDevice, deviceKeys, listDevices } from './api/devices';
import { InventoryPanel } from './inventory';
import { STATUS_COLOR } from './device-status';
import { IdentityMarks } from './IdentityMarks';

const MODULE = 'device';

/** Status filter in the URL (?status=NEW,ALLOCATED): what the chips toggle. */
function useStatusFilter(): [DeviceStatus[], (status: DeviceStatus) => void] {
  const [params, setParams] = useSearchParams();
  const chosen = (params.get('status') ?? '')
    .split(',')
    .filter((s): s is DeviceStatus => (DEVICE_STATUSES as readonly string[]).includes(s));
  const toggle = (status: DeviceStatus) => {
    const next = chosen.includes(status) ? chosen.filter((s) => s !== status) : [...chosen, status];
    setParams((p) => {
      if (next.length === 0) p.delete('status');
      else p.set('status', next.join(','));
      return p;
    });
  };
  return [chosen, toggle];
}

export function DeviceListPage() {
  const { t } = useTranslation('device');
  const { can } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [status, toggleStatus] = useStatusFilter();
  const [deleting, setDeleting] = useState<Device | null>(null);
  const [allocating, setAllocating] = useState<{ devices: Device[]; isBulk: boolean } | null>(null);
  const [rollingBack, setRollingBack] = useState<{ devices: Device[]; isBulk: boolean } | null>(null);
  const [statusOf, setStatusOf] = useState<Device | null>(null);
  const [firmwareOf, setFirmwareOf] = useState<Device | null>(null);
  const [commandTo, setCommandTo] = useState<Device | null>(null);
  const [isBulkCreateOpen, setIsBulkCreateOpen] = useState(false);

  const columns: ResultsTableColumn<Device>[] = [
    { key: 'imei', header: t('fields.imei'), sortable: true, width: 150 },
    { key: 'iccid', header: t('fields.iccid'), sortable: true, accessor: (d) => d.iccid ?? '' },
    { key: 'model', header: t('fields.model'), sortable: true, accessor: (d) => d.model ?? '' },
    {
      key: 'status',
      header: t('fields.status'),
      sortable: true,
      accessor: (d) => d.status,
      exportValue: (d) =>
        [
          t(`statuses.${d.status}`),
          ...(d.identityConflictAt ? [t('identity.conflict')] : []),
          ...(d.cloneSuspectedAt ? [t('identity.cloneSuspected')] : []),
        ].join(', '),
      render: (d) => (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Chip size="small" color={STATUS_COLOR[d.status]} label={t(`statuses.${d.status}`)} />
          <IdentityMarks device={d} />
        </Stack>
      ),
    },
    {
      key: 'organisation',
      header: t('fields.organisation'),
      accessor: (d) => d.organisation.brandName ?? d.organisation.tradeName,
    },
    { key: 'vehicle', header: t('fields.vehicle'), accessor: (d) => d.vehicle?.registrationNumber ?? '' },
    {
      key: 'lastSeenAt',
      header: t('fields.lastSeenAt'),
      sortable: true,
      accessor: (d) => (d.lastSeenAt ? formatDateTime(d.lastSeenAt) : ''),
    },
  ];

  const action = (id: string) => ({ module: MODULE, action: id });
  const rowActions: RowAction<Device>[] = [
    {
      id: 'details',
      label: t('actions.details'),
      onSelect: (d) => void navigate(`/management/device-details/${d.imei}`),
      permission: { module: 'device-details' },
    },
    {
      id: 'edit',
      label: t('common.edit'),
      onSelect: (d) => void navigate(`/management/device/edit/${d.id}`),
      permission: action('edit-device-result-table'),
    },
    {
      id: 'allocate',
      label: t('actions.allocate'),
      onSelect: (d) => setAllocating({ devices: [d], isBulk: false }),
      visible: (d) => d.status === 'NEW',
      permission: action('edit-device-result-table'),
    },
    {
      id: 'rollback',
      label: t('actions.rollback'),
      onSelect: (d) => setRollingBack({ devices: [d], isBulk: false }),
      visible: (d) => d.status === 'ALLOCATED',
      permission: action('rollback-device'),
    },
    {
      id: 'status',
      label: t('actions.status'),
      onSelect: setStatusOf,
      permission: action('edit-device-result-table'),
    },
    {
      id: 'firmware',
      label: t('actions.firmware'),
      onSelect: setFirmwareOf,
      permission: action('update-firmware'),
    },
    {
      id: 'command',
      label: t('actions.command'),
      onSelect: setCommandTo,
      permission: action('send-command'),
    },
    {
      id: 'delete',
      label: t('common.delete'),
      onSelect: setDeleting,
      visible: (d) => d.vehicle === null,
      isDestructive: true,
      permission: action('delete-device-result-table'),
    },
  ];

  const bulkActions: BulkAction<Device>[] = [
    {
      id: 'allocate',
      label: t('actions.allocateBulk'),
      onSelect: (devices) => setAllocating({ devices, isBulk: true }),
      permission: action('allocate-device-bulk'),
    },
    {
      id: 'rollback',
      label: t('actions.rollbackBulk'),
      onSelect: (devices) => setRollingBack({ devices, isBulk: true }),
      permission: action('rollback-device-bulk'),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        actions={
          can(MODULE, 'add-device') ? (
            <Stack direction="row" spacing={1}>
              <Button
                variant="outlined"
                startIcon={<UploadFileIcon />}
                onClick={() => setIsBulkCreateOpen(true)}
              >
                {t('bulkCreate.open')}
              </Button>
              <Button
                component={RouterLink}
                to="/management/device/add"
                variant="contained"
                startIcon={<AddIcon />}
              >
                {t('list.add')}
              </Button>
            </Stack>
          ) : undefined
        }
      />
      <InventoryPanel />
      <Stack
        direction="row"
        spacing={1}
        sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}
        role="group"
        aria-label={t('list.statusFilter')}
      >
        {DEVICE_STATUSES.map((s) => (
          <Chip
            key={s}
            label={t(`statuses.${s}`)}
            color={status.includes(s) ? 'primary' : 'default'}
            variant={status.includes(s) ? 'filled' : 'outlined'}
            onClick={() => toggleStatus(s)}
            aria-pressed={status.includes(s)}
          />
        ))}
      </Stack>
      <ResultsTable<Device>
        title={t('list.title')}
        columns={columns}
        query={(q) => listDevices({ ...q, status })}
        queryKey={deviceKeys.list(status)}
        getRowLabel={(d) => d.imei}
        rowActions={rowActions}
        bulkActions={bulkActions}
        can={can}
        emptyMessage={t('list.empty')}
        searchPlaceholder={t('list.search')}
        exportFileBase="Devices"
        exportFilters={status.length > 0 ? [{ label: t('fields.status'), value: status.join(', ') }] : []}
      />
      <ConfirmDeleteDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onDelete={() => (deleting ? deleteDevice(deleting.id) : Promise.resolve())}
        onDeleted={() => void queryClient.invalidateQueries({ queryKey: deviceKeys.all })}
      />
      <AllocateDialog
        devices={allocating?.devices ?? null}
        isBulk={allocating?.isBulk ?? false}
        onClose={() => setAllocating(null)}
      />
      <RollbackDialog
        devices={rollingBack?.devices ?? null}
        isBulk={rollingBack?.isBulk ?? false}
        onClose={() => setRollingBack(null)}
      />
      <StatusDialog device={statusOf} onClose={() => setStatusOf(null)} />
      <FirmwareDialog device={firmwareOf} onClose={() => setFirmwareOf(null)} />
      <CommandDialog device={commandTo} onClose={() => setCommandTo(null)} />
      <BulkCreateDialog open={isBulkCreateOpen} onClose={() => setIsBulkCreateOpen(false)} />
    </>
  );
}
