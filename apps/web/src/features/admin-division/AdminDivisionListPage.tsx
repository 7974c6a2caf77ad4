/**
 * /management/admin-division (spec 01 §2.6): zones → circles → wards of the caller's organisations, filtered by type
 * and parent (URL), next to a map of their polygons; a division chosen in the list or on the map is highlighted.
 */
import AddIcon from '@mui/icons-material/Add';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { AdminDivision } from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmDeleteDialog } from '@/components/ConfirmDeleteDialog';
import { hasWebGl } from '@/components/map';
import { ResultsTable, type ResultsTableColumn, type RowAction } from '@/components/table';
import { useSession } from '@/session';
import { deleteDivision, divisionKeys, useDivisions } from './api/admin-divisions';
import { DIVISION_LIST_PATH } from './AdminDivisionForm';
import { DivisionFilters, toDivisionFilter, useFilterState } from './DivisionFilters';
import { DivisionMap } from './DivisionMap';
import { ImportDialog } from './ImportDialog';

const MODULE = 'admin-division';
const permission = (action: string) => ({ module: MODULE, action });
const TYPE_COLOUR = { ZONE: 'default', CIRCLE: 'primary', WARD: 'secondary' } as const;

export function AdminDivisionListPage() {
  const { t } = useTranslation('divisions');
  const { can } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [filterState, setFilterState] = useFilterState();
  // Where the map can draw, the list brings the polygons along (one call for table and map).
  const list = useDivisions({ ...toDivisionFilter(filterState), withGeometry: hasWebGl() });
  // Every division (no geometry): parent names and the zone filter's choices.
  const everything = useDivisions({});
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AdminDivision | null>(null);
  const [isImportOpen, setIsImportOpen] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: divisionKeys.all });

  const byId = useMemo(() => new Map((everything.data ?? []).map((d) => [d.id, d])), [everything.data]);
  const zones = useMemo(() => (everything.data ?? []).filter((d) => d.type === 'ZONE'), [everything.data]);
  const rows = useMemo(() => list.data ?? [], [list.data]);
  const typeName = (d: AdminDivision) => t(`adminDivision.types.${d.type}`);

  const columns: ResultsTableColumn<AdminDivision>[] = [
    {
      key: 'name',
      header: t('adminDivision.fields.name'),
      sortable: true,
      render: (d) => (
        <Link
          component="button"
          type="button"
          onClick={() => setSelectedId(d.id === selectedId ? null : d.id)}
          aria-pressed={d.id === selectedId}
          title={t('adminDivision.list.showOnMap')}
          sx={{ fontWeight: d.id === selectedId ? 700 : undefined, textAlign: 'left' }}
        >
          {d.name}
        </Link>
      ),
    },
    { key: 'code', header: t('adminDivision.fields.code'), sortable: true, accessor: (d) => d.code ?? '' },
    {
      key: 'type',
      header: t('adminDivision.fields.type'),
      sortable: true,
      accessor: typeName,
      render: (d) => <Chip size="small" color={TYPE_COLOUR[d.type]} label={typeName(d)} />,
    },
    {
      key: 'parent',
      header: t('adminDivision.list.parent'),
      sortable: true,
      accessor: (d) => (d.parentId ? (byId.get(d.parentId)?.name ?? '') : ''),
    },
  ];

  const rowActions: RowAction<AdminDivision>[] = [
    {
      id: 'edit',
      label: t('common.edit'),
      onSelect: (d) => void navigate(`${DIVISION_LIST_PATH}/edit/${d.id}`),
      permission: permission('edit-admin-division-result-table'),
    },
    {
      id: 'delete',
      label: t('common.delete'),
      onSelect: setDeleting,
      isDestructive: true,
      permission: permission('delete-admin-division-result-table'),
    },
  ];

  const canAdd = can(MODULE, 'add-admin-division');
  const addTo = filterState.type
    ? `${DIVISION_LIST_PATH}/add?type=${filterState.type}`
    : `${DIVISION_LIST_PATH}/add`;
  return (
    <>
      <DivisionFilters state={filterState} onChange={setFilterState} zones={zones} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <ResultsTable<AdminDivision>
            title={t('adminDivision.list.title')}
            subtitle={t('adminDivision.list.subtitle')}
            columns={columns}
            rows={rows}
            isLoading={list.isPending}
            error={list.error}
            onRetry={() => void list.refetch()}
            getRowLabel={(d) => d.name}
            rowActions={rowActions}
            can={can}
            emptyMessage={t('adminDivision.list.empty')}
            searchPlaceholder={t('adminDivision.list.search')}
            exportFileBase="Admin Divisions"
            exportFilters={[
              {
                label: t('adminDivision.fields.type'),
                value: filterState.type
                  ? t(`adminDivision.typesPlural.${filterState.type}`)
                  : t('adminDivision.filters.allTypes'),
              },
            ]}
            toolbarActions={
              canAdd ? (
                <Stack direction="row" spacing={1}>
                  <Button
                    variant="outlined"
                    startIcon={<UploadFileIcon />}
                    onClick={() => setIsImportOpen(true)}
                  >
                    {t('adminDivision.import.open')}
                  </Button>
                  <Button component={RouterLink} to={addTo} variant="contained" startIcon={<AddIcon />}>
                    {t('adminDivision.form.add')}
                  </Button>
                </Stack>
              ) : undefined
            }
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <DivisionMap divisions={rows} selectedId={selectedId} onSelect={setSelectedId} />
        </Grid>
      </Grid>
      <ConfirmDeleteDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onDelete={() => (deleting ? deleteDivision(deleting.id) : Promise.resolve())}
        onDeleted={refresh}
      />
      <ImportDialog open={isImportOpen} onClose={() => setIsImportOpen(false)} onImported={refresh} />
    </>
  );
}
