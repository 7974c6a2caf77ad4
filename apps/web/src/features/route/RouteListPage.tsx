/** /management/route (spec 01 §2.6): the caller's collection routes, server-paged, with the permitted actions. */
import AddIcon from '@mui/icons-material/Add';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Route } from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmDeleteDialog } from '@/components/ConfirmDeleteDialog';
import { ResultsTable, type ResultsTableColumn, type RowAction } from '@/components/table';
import { useSession } from '@/session';
import { deleteRoute, listRoutes, routeKeys } from './api/routes';
import { ROUTE_ADD_KML_PATH, ROUTE_ADD_PATH, routeEditPath } from './route-paths';

const MODULE = 'route';
const permission = (action: string) => ({ module: MODULE, action });

export function RouteListPage() {
  const { t } = useTranslation('divisions');
  const { can } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<Route | null>(null);

  const columns: ResultsTableColumn<Route>[] = [
    { key: 'name', header: t('route.fields.name'), sortable: true },
    {
      key: 'corridorM',
      header: t('route.list.corridor'),
      sortable: true,
      align: 'right',
      accessor: (r) => r.corridorM,
    },
    {
      key: 'checkpoints',
      header: t('route.list.checkpoints'),
      align: 'right',
      accessor: (r) => r.checkpoints.length,
    },
    {
      key: 'vehicles',
      header: t('route.list.vehicles'),
      align: 'right',
      accessor: (r) => r.vehicleIds.length,
    },
    {
      key: 'createdAt',
      header: t('route.list.createdAt'),
      sortable: true,
      accessor: (r) => new Date(r.createdAt),
    },
  ];

  const rowActions: RowAction<Route>[] = [
    {
      id: 'edit',
      label: t('common.edit'),
      onSelect: (r) => void navigate(routeEditPath(r.id)),
      permission: permission('edit-route-result-table'),
    },
    {
      id: 'delete',
      label: t('common.delete'),
      onSelect: setDeleting,
      isDestructive: true,
      permission: permission('delete-route-result-table'),
    },
  ];

  const canAdd = can(MODULE, 'add-route');
  const canAddKml = can(MODULE, 'add-kml');
  return (
    <>
      <ResultsTable<Route>
        title={t('route.list.title')}
        subtitle={t('route.list.subtitle')}
        columns={columns}
        query={listRoutes}
        queryKey={routeKeys.list()}
        getRowLabel={(r) => r.name}
        rowActions={rowActions}
        can={can}
        emptyMessage={t('route.list.empty')}
        searchPlaceholder={t('route.list.search')}
        exportFileBase="Routes"
        toolbarActions={
          canAdd || canAddKml ? (
            <Stack direction="row" spacing={1}>
              {canAddKml && (
                <Button
                  component={RouterLink}
                  to={ROUTE_ADD_KML_PATH}
                  variant="outlined"
                  startIcon={<UploadFileIcon />}
                >
                  {t('route.kml.open')}
                </Button>
              )}
              {canAdd && (
                <Button
                  component={RouterLink}
                  to={ROUTE_ADD_PATH}
                  variant="contained"
                  startIcon={<AddIcon />}
                >
                  {t('route.form.add')}
                </Button>
              )}
            </Stack>
          ) : undefined
        }
      />
      <ConfirmDeleteDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onDelete={() => (deleting ? deleteRoute(deleting.id) : Promise.resolve())}
        onDeleted={() => void queryClient.invalidateQueries({ queryKey: routeKeys.all })}
      />
    </>
  );
}
