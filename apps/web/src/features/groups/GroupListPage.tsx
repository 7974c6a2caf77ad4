/** /management/groups (spec 01 §2.6 groups): the vehicle groups of the caller's organisations, server-paged. */
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import type { Group } from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmDeleteDialog } from '@/components/ConfirmDeleteDialog';
import { ResultsTable, type ResultsTableColumn, type RowAction } from '@/components/table';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/session';
import { GroupSummaryDialog } from './GroupSummaryDialog';
import { deleteGroup, groupKeys, listGroups } from './api/groups';

const MODULE = 'groups';
const LIST_PATH = '/management/groups';
const permission = (action?: string) => ({ module: MODULE, ...(action ? { action } : {}) });

export function GroupListPage() {
  const { t } = useTranslation('catalogue');
  const { can } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<Group | null>(null);
  const [summaryOf, setSummaryOf] = useState<Group | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: groupKeys.all });

  const columns: ResultsTableColumn<Group>[] = [
    { key: 'name', header: t('groups.fields.name'), sortable: true },
    { key: 'description', header: t('groups.fields.description'), accessor: (g) => g.description ?? '' },
    {
      key: 'vehicleCount',
      header: t('groups.fields.vehicleCount'),
      align: 'right',
      accessor: (g) => g.vehicleCount,
    },
    {
      key: 'createdAt',
      header: t('common.createdAt'),
      sortable: true,
      accessor: (g) => formatDateTime(g.createdAt),
    },
  ];

  const rowActions: RowAction<Group>[] = [
    { id: 'summary', label: t('groups.summary.open'), onSelect: setSummaryOf, permission: permission() },
    {
      id: 'edit',
      label: t('common.edit'),
      onSelect: (g) => void navigate(`${LIST_PATH}/edit/${g.id}`),
      permission: permission('edit-group-result-table'),
    },
    {
      id: 'delete',
      label: t('common.delete'),
      onSelect: setDeleting,
      isDestructive: true,
      permission: permission('delete-group-result-table'),
    },
  ];

  return (
    <>
      <ResultsTable<Group>
        title={t('groups.list.title')}
        subtitle={t('groups.list.subtitle')}
        columns={columns}
        query={listGroups}
        queryKey={groupKeys.list()}
        getRowLabel={(g) => g.name}
        rowActions={rowActions}
        can={can}
        emptyMessage={t('groups.list.empty')}
        searchPlaceholder={t('groups.list.search')}
        exportFileBase="Groups"
        toolbarActions={
          can(MODULE, 'add-group') ? (
            <Button
              component={RouterLink}
              to={`${LIST_PATH}/add`}
              variant="contained"
              startIcon={<AddIcon />}
            >
              {t('groups.form.add')}
            </Button>
          ) : undefined
        }
      />
      <ConfirmDeleteDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onDelete={() => (deleting ? deleteGroup(deleting.id) : Promise.resolve())}
        onDeleted={refresh}
      />
      <GroupSummaryDialog group={summaryOf} onClose={() => setSummaryOf(null)} />
    </>
  );
}
