/** /management/user (spec 01 §2.6): the users of the caller's subtree, server-paged, with the row actions. */
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { withoutPhonePrefix, type User } from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmDeleteDialog } from '@/components/ConfirmDeleteDialog';
import { ResultsTable, type ResultsTableColumn, type RowAction } from '@/components/table';
import { useSession } from '@/session';
import { AssociateUserDialog } from './AssociateUserDialog';
import { ResetMfaDialog } from './ResetMfaDialog';
import { SetPasswordDialog } from './SetPasswordDialog';
import { deleteUser, listUsers, userKeys } from './api/users';

const MODULE = 'user';

export function UserListPage() {
  const { t } = useTranslation('admin');
  const { can, user: me } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<User | null>(null);
  const [passwordFor, setPasswordFor] = useState<User | null>(null);
  const [associating, setAssociating] = useState<User | null>(null);
  const [resettingMfa, setResettingMfa] = useState<User | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: userKeys.all });
  const isOther = (u: User) => u.id !== me?.id;

  const columns: ResultsTableColumn<User>[] = [
    {
      key: 'firstName',
      header: t('users.name'),
      sortable: true,
      width: 150,
      accessor: (u) => `${u.firstName} ${u.lastName}`.trim(),
    },
    {
      key: 'email',
      header: t('users.email'),
      sortable: true,
      accessor: (u) => u.email ?? '',
      // Long addresses wrap so the actions column stays in view on a laptop screen.
      render: (u) => <Box sx={{ maxWidth: 220, overflowWrap: 'anywhere' }}>{u.email ?? ''}</Box>,
    },
    {
      key: 'phone',
      header: t('users.phone'),
      sortable: true,
      width: 120,
      accessor: (u) => (u.phone ? withoutPhonePrefix(u.phone) : ''),
    },
    { key: 'role', header: t('users.role'), sortable: true, accessor: (u) => u.role.name },
    {
      key: 'organisation',
      header: t('users.organisation'),
      accessor: (u) => u.organisation.brandName ?? u.organisation.tradeName,
    },
    {
      key: 'isEnabled',
      header: t('users.enabled'),
      width: 90,
      accessor: (u) => (u.isEnabled ? t('common.yes') : t('common.no')),
      render: (u) => (
        <Chip
          size="small"
          color={u.isEnabled ? 'success' : 'default'}
          label={u.isEnabled ? t('users.active') : t('users.disabled')}
        />
      ),
    },
    {
      key: 'mfaEnabled',
      header: t('users.twoStep'),
      width: 90,
      accessor: (u) => (u.mfaEnabled ? t('users.twoStepOn') : t('users.twoStepOff')),
    },
  ];

  const rowActions: RowAction<User>[] = [
    {
      id: 'edit',
      label: t('common.edit'),
      onSelect: (u) => void navigate(`/management/user/edit/${u.id}`),
      permission: { module: MODULE, action: 'edit-user-result-table' },
    },
    {
      id: 'password',
      label: t('users.setPassword'),
      onSelect: setPasswordFor,
      visible: isOther,
      permission: { module: MODULE, action: 'set-user-password' },
    },
    {
      // Only where there is a factor to reset, never one's own (that goes through the Two-step verification page).
      id: 'reset-mfa',
      label: t('users.resetMfa'),
      onSelect: setResettingMfa,
      visible: (u) => isOther(u) && u.mfaEnabled === true,
      isDestructive: true,
      permission: { module: MODULE, action: 'set-user-password' },
    },
    {
      id: 'associate',
      label: t('users.associate'),
      onSelect: setAssociating,
      permission: { module: MODULE, action: 'associate-user-result-table' },
    },
    {
      id: 'delete',
      label: t('common.delete'),
      onSelect: setDeleting,
      visible: isOther,
      isDestructive: true,
      permission: { module: MODULE, action: 'delete-user-result-table' },
    },
  ];

  return (
    <>
      <ResultsTable<User>
        title={t('users.title')}
        subtitle={t('users.subtitle')}
        columns={columns}
        query={listUsers}
        queryKey={userKeys.list()}
        getRowLabel={(u) => `${u.firstName} ${u.lastName}`.trim()}
        rowActions={rowActions}
        can={can}
        emptyMessage={t('users.empty')}
        searchPlaceholder={t('users.search')}
        exportFileBase="Users"
        toolbarActions={
          can(MODULE, 'add-user') ? (
            <Button
              component={RouterLink}
              to="/management/user/add"
              variant="contained"
              startIcon={<AddIcon />}
            >
              {t('users.add')}
            </Button>
          ) : undefined
        }
      />
      <ConfirmDeleteDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onDelete={() => (deleting ? deleteUser(deleting.id) : Promise.resolve())}
        onDeleted={refresh}
      />
      <SetPasswordDialog user={passwordFor} onClose={() => setPasswordFor(null)} />
      <AssociateUserDialog user={associating} onClose={() => setAssociating(null)} onDone={refresh} />
      {resettingMfa && (
        <ResetMfaDialog user={resettingMfa} onClose={() => setResettingMfa(null)} onReset={refresh} />
      )}
    </>
  );
}
