/** /management/POI (spec 01 §2.6 POI): the caller's points of interest, server-paged, a kind filter in the URL. */
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { POI_KINDS, type Poi, type PoiKind } from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { ConfirmDeleteDialog } from '@/components/ConfirmDeleteDialog';
import { ResultsTable, type ResultsTableColumn, type RowAction } from '@/components/table';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/session';
import { deletePoi, listPois, poiKeys } from './api/pois';
import { isPoiKind, POI_LIST_PATH } from './poi-form';

const MODULE = 'poi';
const permission = (action: string) => ({ module: MODULE, action });

/** The kind filter in the URL (?kind=dump-yard). */
function useKindFilter(): [PoiKind | undefined, (kind: string) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('kind') ?? '';
  const set = (kind: string) =>
    setParams((p) => {
      if (isPoiKind(kind)) p.set('kind', kind);
      else p.delete('kind');
      return p;
    });
  return [isPoiKind(raw) ? raw : undefined, set];
}

export function PoiListPage() {
  const { t } = useTranslation('poi');
  const { can } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [kind, setKind] = useKindFilter();
  const [deleting, setDeleting] = useState<Poi | null>(null);

  const kindLabel = (k: PoiKind) => t(`kinds.${k}`);
  const columns: ResultsTableColumn<Poi>[] = [
    { key: 'name', header: t('fields.name'), sortable: true },
    {
      key: 'kind',
      header: t('fields.kind'),
      sortable: true,
      accessor: (p) => kindLabel(p.kind),
      render: (p) => <Chip size="small" variant="outlined" label={kindLabel(p.kind)} />,
    },
    {
      key: 'location',
      header: t('list.location'),
      accessor: (p) => `${p.lat.toFixed(6)}, ${p.lon.toFixed(6)}`,
    },
    {
      key: 'radiusM',
      header: t('fields.radiusM'),
      align: 'right',
      accessor: (p) => p.radiusM,
      render: (p) => t('list.metres', { radiusM: p.radiusM }),
    },
    { key: 'address', header: t('fields.address'), accessor: (p) => p.address ?? '' },
    {
      key: 'createdAt',
      header: t('list.createdAt'),
      sortable: true,
      accessor: (p) => formatDateTime(p.createdAt),
    },
  ];

  const rowActions: RowAction<Poi>[] = [
    {
      id: 'edit',
      label: t('actions.edit'),
      onSelect: (p) => void navigate(`${POI_LIST_PATH}/edit/${p.id}`),
      permission: permission('edit-poi-result-table'),
    },
    {
      id: 'delete',
      label: t('actions.delete'),
      onSelect: setDeleting,
      isDestructive: true,
      permission: permission('delete-poi-result-table'),
    },
  ];

  return (
    <>
      <ResultsTable<Poi>
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        columns={columns}
        query={(q) => listPois({ ...q, kind })}
        queryKey={poiKeys.list(kind)}
        getRowLabel={(p) => p.name}
        rowActions={rowActions}
        can={can}
        emptyMessage={t('list.empty')}
        searchPlaceholder={t('list.search')}
        exportFileBase="POIs"
        exportFilters={kind ? [{ label: t('fields.kind'), value: kindLabel(kind) }] : []}
        toolbarActions={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              select
              size="small"
              label={t('list.kindFilter')}
              value={kind ?? ''}
              onChange={(e) => setKind(e.target.value)}
              sx={{ minWidth: 180 }}
            >
              <MenuItem value="">{t('list.allKinds')}</MenuItem>
              {POI_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {kindLabel(k)}
                </MenuItem>
              ))}
            </TextField>
            {/* RFID / QR tags on bins are kept per collection point; the item module has no sidebar entry. */}
            {can('item') && (
              <Button component={RouterLink} to="/management/item" variant="outlined">
                {t('list.items')}
              </Button>
            )}
            {can(MODULE, 'add-poi') && (
              <Button
                component={RouterLink}
                to={`${POI_LIST_PATH}/add`}
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
        onDelete={() => (deleting ? deletePoi(deleting.id) : Promise.resolve())}
        onDeleted={() => void queryClient.invalidateQueries({ queryKey: poiKeys.all })}
      />
    </>
  );
}
