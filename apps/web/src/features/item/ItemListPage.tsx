/**
 * /management/item (spec 01 §2.6 item; spec 02 §2 item): RFID / QR tags, server-paged, a kind filter in the URL;
 * row actions see attached vehicle (its vehicle edit screen), edit, delete.
 */
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ITEM_KINDS, type Item, type ItemKind } from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { ConfirmDeleteDialog } from '@/components/ConfirmDeleteDialog';
import { ResultsTable, type ResultsTableColumn, type RowAction } from '@/components/table';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useSession } from '@/session';
import { deleteItem, itemKeys, listItems } from './api/items';
import { isItemKind, ITEM_LIST_PATH } from './item-form';

const MODULE = 'item';
const permission = (action: string) => ({ module: MODULE, action });

/** The kind filter in the URL (?kind=RFID). */
function useKindFilter(): [ItemKind | undefined, (kind: string) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('kind') ?? '';
  const set = (kind: string) =>
    setParams((p) => {
      if (isItemKind(kind)) p.set('kind', kind);
      else p.delete('kind');
      return p;
    });
  return [isItemKind(raw) ? raw : undefined, set];
}

export function ItemListPage() {
  const { t } = useTranslation('item');
  const { can } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [kind, setKind] = useKindFilter();
  const [deleting, setDeleting] = useState<Item | null>(null);

  const columns: ResultsTableColumn<Item>[] = [
    { key: 'code', header: t('fields.code'), sortable: true },
    {
      key: 'kind',
      header: t('fields.kind'),
      sortable: true,
      accessor: (i) => t(`kinds.${i.kind}`),
      render: (i) => <Chip size="small" variant="outlined" label={t(`kinds.${i.kind}`)} />,
    },
    { key: 'description', header: t('fields.description'), accessor: (i) => i.description ?? '' },
    {
      key: 'vehicle',
      header: t('fields.vehicle'),
      sortable: true,
      accessor: (i) => i.vehicle?.registrationNumber ?? '',
    },
    { key: 'poi', header: t('fields.poi'), accessor: (i) => i.poi?.name ?? '' },
    {
      key: 'createdAt',
      header: t('list.createdAt'),
      sortable: true,
      accessor: (i) => formatDateTime(i.createdAt),
    },
  ];

  const rowActions: RowAction<Item>[] = [
    {
      id: 'vehicle',
      label: t('actions.seeVehicle'),
      onSelect: (i) => {
        if (i.vehicle) void navigate(paths.management.vehicleEdit(i.vehicle.id));
      },
      visible: (i) => i.vehicle !== null,
      permission: permission('see-attached-vehicle'),
    },
    {
      id: 'edit',
      label: t('actions.edit'),
      onSelect: (i) => void navigate(`${ITEM_LIST_PATH}/edit/${i.id}`),
      permission: permission('edit-item-result-table'),
    },
    {
      id: 'delete',
      label: t('actions.delete'),
      onSelect: setDeleting,
      isDestructive: true,
      permission: permission('delete-item-result-table'),
    },
  ];

  return (
    <>
      <ResultsTable<Item>
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        columns={columns}
        query={(q) => listItems({ ...q, kind })}
        queryKey={itemKeys.list(kind)}
        getRowLabel={(i) => i.code}
        rowActions={rowActions}
        can={can}
        emptyMessage={t('list.empty')}
        searchPlaceholder={t('list.search')}
        exportFileBase="Items"
        exportFilters={kind ? [{ label: t('fields.kind'), value: t(`kinds.${kind}`) }] : []}
        toolbarActions={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              select
              size="small"
              label={t('list.kindFilter')}
              value={kind ?? ''}
              onChange={(e) => setKind(e.target.value)}
              sx={{ minWidth: 140 }}
            >
              <MenuItem value="">{t('list.allKinds')}</MenuItem>
              {ITEM_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {t(`kinds.${k}`)}
                </MenuItem>
              ))}
            </TextField>
            {can(MODULE, 'add-item') && (
              <Button
                component={RouterLink}
                to={`${ITEM_LIST_PATH}/add`}
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
        onDelete={() => (deleting ? deleteItem(deleting.id) : Promise.resolve())}
        onDeleted={() => void queryClient.invalidateQueries({ queryKey: itemKeys.all })}
      />
    </>
  );
}
