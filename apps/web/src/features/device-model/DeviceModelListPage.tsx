/** /management/device-model (spec 01 §2.6, spec 02 §2 "Device model"): the tracker model catalogue, server-paged. */
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DEVICE_MODEL_PROTOCOLS, type DeviceModel, type DeviceModelProtocol } from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { ConfirmDeleteDialog } from '@/components/ConfirmDeleteDialog';
import { ResultsTable, type ResultsTableColumn, type RowAction } from '@/components/table';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/session';
import { deleteDeviceModel, deviceModelKeys, listDeviceModels } from './api/device-models';

const MODULE = 'device-model';
const LIST_PATH = '/management/device-model';
const permission = (action: string) => ({ module: MODULE, action });

/** Protocol filter in the URL (?protocol=gt06). */
function useProtocolFilter(): [DeviceModelProtocol | undefined, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('protocol') ?? '';
  const protocol = DEVICE_MODEL_PROTOCOLS.find((p) => p === raw);
  const set = (value: string) =>
    setParams((p) => {
      if (value === '') p.delete('protocol');
      else p.set('protocol', value);
      return p;
    });
  return [protocol, set];
}

export function DeviceModelListPage() {
  const { t } = useTranslation('catalogue');
  const { can } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [protocol, setProtocol] = useProtocolFilter();
  const [deleting, setDeleting] = useState<DeviceModel | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: deviceModelKeys.all });
  const protocolLabel = (p: DeviceModelProtocol) => t(`protocols.${p}`);

  const columns: ResultsTableColumn<DeviceModel>[] = [
    { key: 'name', header: t('deviceModel.fields.name'), sortable: true },
    { key: 'manufacturer', header: t('deviceModel.fields.manufacturer'), sortable: true },
    {
      key: 'protocol',
      header: t('deviceModel.fields.protocol'),
      sortable: true,
      accessor: (m) => protocolLabel(m.protocol),
    },
    {
      key: 'firmwareVersions',
      header: t('deviceModel.fields.firmwareVersions'),
      accessor: (m) => m.firmwareVersions.join(', ') || '-',
    },
    {
      key: 'panicButtonCount',
      header: t('deviceModel.fields.panicButtonCount'),
      align: 'right',
      accessor: (m) => m.panicButtonCount,
    },
    {
      key: 'createdAt',
      header: t('common.createdAt'),
      sortable: true,
      accessor: (m) => formatDateTime(m.createdAt),
    },
  ];

  const rowActions: RowAction<DeviceModel>[] = [
    {
      id: 'edit',
      label: t('common.edit'),
      onSelect: (m) => void navigate(`${LIST_PATH}/edit/${m.id}`),
      permission: permission('edit-device-model-result-table'),
    },
    {
      id: 'delete',
      label: t('common.delete'),
      onSelect: setDeleting,
      isDestructive: true,
      permission: permission('delete-device-model-result-table'),
    },
  ];

  return (
    <>
      <ResultsTable<DeviceModel>
        title={t('deviceModel.list.title')}
        subtitle={t('deviceModel.list.subtitle')}
        columns={columns}
        query={(q) => listDeviceModels({ ...q, protocol })}
        queryKey={deviceModelKeys.list(protocol)}
        getRowLabel={(m) => m.name}
        rowActions={rowActions}
        can={can}
        emptyMessage={t('deviceModel.list.empty')}
        searchPlaceholder={t('deviceModel.list.search')}
        exportFileBase="Device Models"
        exportFilters={
          protocol ? [{ label: t('deviceModel.fields.protocol'), value: protocolLabel(protocol) }] : []
        }
        toolbarActions={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              select
              size="small"
              label={t('deviceModel.fields.protocol')}
              value={protocol ?? ''}
              onChange={(e) => setProtocol(e.target.value)}
              sx={{ minWidth: 160 }}
            >
              <MenuItem value="">{t('common.all')}</MenuItem>
              {DEVICE_MODEL_PROTOCOLS.map((p) => (
                <MenuItem key={p} value={p}>
                  {protocolLabel(p)}
                </MenuItem>
              ))}
            </TextField>
            {can(MODULE, 'add-device-model') && (
              <Button
                component={RouterLink}
                to={`${LIST_PATH}/add`}
                variant="contained"
                startIcon={<AddIcon />}
              >
                {t('deviceModel.form.add')}
              </Button>
            )}
          </Stack>
        }
      />
      <ConfirmDeleteDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onDelete={() => (deleting ? deleteDeviceModel(deleting.id) : Promise.resolve())}
        onDeleted={refresh}
      />
    </>
  );
}
