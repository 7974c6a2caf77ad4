/** /management/role (spec 01 §2.6): built-in and custom roles visible to the caller. */
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { flattenAuthScopes, type Role } from '@civicfleet/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmDeleteDialog } from '@/components/ConfirmDeleteDialog';
import { ResultsTable, type ResultsTableColumn, type RowAction } from '@/components/table';
import { useSession } from '@/session';
import { deleteRole, listRoles, roleKeys } from './api/roles';

const MODULE = 'role';

export function RoleListPage() {
  const { t } = useTranslation('admin');
  const { can } = useSession();
  const navigate = useNavigate();
  const roles = useQuery({ queryKey: roleKeys.list(), queryFn: listRoles });
  const [deleting, setDeleting] = useState<Role | null>(null);

  const columns: ResultsTableColumn<Role>[] = [
    { key: 'name', header: t('roles.name'), sortable: true },
    {
      key: 'isBuiltin',
      header: t('roles.type'),
      accessor: (r) => (r.isBuiltin ? t('roles.builtin') : t('roles.custom')),
      render: (r) => (
        <Chip
          size="small"
          variant={r.isBuiltin ? 'outlined' : 'filled'}
          label={r.isBuiltin ? t('roles.builtin') : t('roles.custom')}
        />
      ),
    },
    {
      key: 'permissions',
      header: t('roles.permissionCount'),
      align: 'right',
      sortable: true,
      filterable: false,
      accessor: (r) => flattenAuthScopes(r.name, r.authScopes).length,
    },
  ];

  const rowActions: RowAction<Role>[] = [
    {
      id: 'edit',
      label: t('common.edit'),
      onSelect: (r) => void navigate(`/management/role/edit/${r.id}`),
      permission: { module: MODULE, action: 'edit-role-result-table' },
    },
    {
      id: 'delete',
      label: t('common.delete'),
      onSelect: setDeleting,
      visible: (r) => !r.isBuiltin,
      isDestructive: true,
      permission: { module: MODULE, action: 'delete-role-result-table' },
    },
  ];

  return (
    <>
      <ResultsTable<Role>
        title={t('roles.title')}
        subtitle={t('roles.subtitle')}
        columns={columns}
        rows={roles.data ?? []}
        isLoading={roles.isPending}
        error={roles.error}
        onRetry={() => void roles.refetch()}
        getRowLabel={(r) => r.name}
        rowActions={rowActions}
        can={can}
        emptyMessage={t('roles.empty')}
        exportFileBase="Roles"
        toolbarActions={
          can(MODULE, 'add-role') ? (
            <Button
              component={RouterLink}
              to="/management/role/add"
              variant="contained"
              startIcon={<AddIcon />}
            >
              {t('roles.add')}
            </Button>
          ) : undefined
        }
      />
      <ConfirmDeleteDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onDelete={() => (deleting ? deleteRole(deleting.id) : Promise.resolve())}
        onDeleted={() => void roles.refetch()}
      />
    </>
  );
}
