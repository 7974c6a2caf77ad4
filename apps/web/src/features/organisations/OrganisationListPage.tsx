/** /management/organisation (spec 01 §2.6): the caller's organisation and its descendants, with their parents. */
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import type { Organisation } from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmDeleteDialog } from '@/components/ConfirmDeleteDialog';
import { ResultsTable, type ResultsTableColumn, type RowAction } from '@/components/table';
import { useSession } from '@/session';
import { deleteOrganisation, listOrganisations, organisationKeys } from './api/organisations';

const MODULE = 'organisation';

export function OrganisationListPage() {
  const { t } = useTranslation('admin');
  const { can, user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<Organisation | null>(null);

  const columns: ResultsTableColumn<Organisation>[] = [
    { key: 'tradeName', header: t('orgs.tradeName'), sortable: true },
    { key: 'brandName', header: t('orgs.brandName'), sortable: true, accessor: (o) => o.brandName ?? '' },
    {
      key: 'kind',
      header: t('orgs.kind'),
      sortable: true,
      accessor: (o) => t(`orgs.kinds.${o.kind}`),
    },
    { key: 'parentName', header: t('orgs.parent'), sortable: true, accessor: (o) => o.parentName ?? '—' },
    { key: 'contact', header: t('orgs.contact'), accessor: (o) => o.contact ?? '' },
  ];

  const rowActions: RowAction<Organisation>[] = [
    {
      id: 'edit',
      label: t('common.edit'),
      onSelect: (o) => void navigate(`/management/organisation/edit/${o.id}`),
      permission: { module: MODULE, action: 'edit-organisation-result-table' },
    },
    {
      id: 'settings',
      label: t('orgs.settings'),
      onSelect: (o) => void navigate(`/management/settings/${o.id}`),
      permission: { module: MODULE, action: 'setting-organisation' },
    },
    {
      id: 'delete',
      label: t('common.delete'),
      onSelect: setDeleting,
      visible: (o) => o.id !== user?.organisation.id,
      isDestructive: true,
      permission: { module: MODULE, action: 'delete-organisation-result-table' },
    },
  ];

  return (
    <>
      <ResultsTable<Organisation>
        title={t('orgs.title')}
        subtitle={t('orgs.subtitle')}
        columns={columns}
        query={listOrganisations}
        queryKey={organisationKeys.list()}
        getRowLabel={(o) => o.tradeName}
        rowActions={rowActions}
        can={can}
        emptyMessage={t('orgs.empty')}
        exportFileBase="Organisations"
        toolbarActions={
          can(MODULE, 'add-organisation') ? (
            <Button
              component={RouterLink}
              to="/management/organisation/add"
              variant="contained"
              startIcon={<AddIcon />}
            >
              {t('orgs.add')}
            </Button>
          ) : undefined
        }
      />
      <ConfirmDeleteDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onDelete={() => (deleting ? deleteOrganisation(deleting.id) : Promise.resolve())}
        onDeleted={() => void queryClient.invalidateQueries({ queryKey: organisationKeys.all })}
      />
    </>
  );
}
