/**
 * /swm/staff: drivers, helpers, sweepers and supervisors of the caller's organisations, server-paged, filtered by
 * role, circle and ward (?role=&circleId=&wardId= in the URL); edit and delete per permission.
 */
import AddIcon from '@mui/icons-material/Add';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { STAFF_ROLES, type Staff, type StaffRole } from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { ConfirmDeleteDialog } from '@/components/ConfirmDeleteDialog';
import { formatIsoDate } from '@/components/form';
import { ResultsTable, type ResultsTableColumn, type RowAction } from '@/components/table';
import { useSession } from '@/session';
import { CircleWardFilters } from './CircleWardFilters';
import { deleteStaff, listStaff, peopleKeys, type StaffFilters } from './api/people';
import { useParamWriter } from './params';
import { STAFF_PATH } from './paths';
import { usePeopleMessages } from './people-messages';

const MODULE = 'staff';
const permission = (action: string) => ({ module: MODULE, action });
const isRole = (v: string | null): v is StaffRole => (STAFF_ROLES as readonly (string | null)[]).includes(v);
const idParam = (v: string | null) => (v && /^\d+$/.test(v) ? v : undefined);

export function StaffListPage() {
  const { t } = useTranslation('people');
  const { can } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const messages = usePeopleMessages();
  const [params] = useSearchParams();
  const write = useParamWriter();
  const [deleting, setDeleting] = useState<Staff | null>(null);
  const role = params.get('role');
  const filters: StaffFilters = {
    role: isRole(role) ? role : undefined,
    circleId: idParam(params.get('circleId')),
    wardId: idParam(params.get('wardId')),
  };

  const columns: ResultsTableColumn<Staff>[] = [
    {
      key: 'name',
      header: t('fields.name'),
      sortable: true,
      accessor: (s) => s.name,
      render: (s) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          {s.name}
          {s.warnings.length > 0 && (
            <Tooltip title={s.warnings.map(messages).join(' · ')}>
              <WarningAmberIcon
                color="warning"
                fontSize="small"
                aria-label={s.warnings.map(messages).join(' · ')}
              />
            </Tooltip>
          )}
          {!s.active && <Chip size="small" label={t('staff.inactive')} />}
        </Box>
      ),
    },
    { key: 'role', header: t('fields.role'), sortable: true, accessor: (s) => t(`roles.${s.role}`) },
    { key: 'phone', header: t('fields.phone'), sortable: true, accessor: (s) => s.phone ?? '' },
    { key: 'circle', header: t('fields.circle'), sortable: true, accessor: (s) => s.circle?.name ?? '' },
    { key: 'ward', header: t('fields.ward'), sortable: true, accessor: (s) => s.ward?.name ?? '' },
    { key: 'tagId', header: t('fields.tagId'), sortable: true, accessor: (s) => s.tagId ?? '' },
    { key: 'licenceNo', header: t('fields.licenceNo'), accessor: (s) => s.licenceNo ?? '' },
    {
      key: 'licenceValidUntil',
      header: t('fields.licenceValidUntil'),
      accessor: (s) => (s.licenceValidUntil ? formatIsoDate(s.licenceValidUntil) : ''),
    },
  ];

  const rowActions: RowAction<Staff>[] = [
    {
      id: 'edit',
      label: t('common.edit'),
      onSelect: (s) => void navigate(`${STAFF_PATH}/edit/${s.id}`),
      permission: permission('edit-staff-result-table'),
    },
    {
      id: 'delete',
      label: t('common.delete'),
      onSelect: setDeleting,
      isDestructive: true,
      permission: permission('delete-staff-result-table'),
    },
  ];

  return (
    <>
      <Box
        component="section"
        aria-label={t('common.filters')}
        sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}
      >
        <TextField
          select
          size="small"
          label={t('fields.role')}
          value={filters.role ?? ''}
          onChange={(e) => write({ role: e.target.value })}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('common.all')}</MenuItem>
          {STAFF_ROLES.map((r) => (
            <MenuItem key={r} value={r}>
              {t(`roles.${r}`)}
            </MenuItem>
          ))}
        </TextField>
        <CircleWardFilters
          circleId={filters.circleId}
          wardId={filters.wardId}
          onChange={write}
          minWidth={200}
        />
      </Box>
      <ResultsTable<Staff>
        title={t('staff.title')}
        subtitle={t('staff.subtitle')}
        columns={columns}
        query={(q) => listStaff(q, filters)}
        queryKey={[...peopleKeys.staff(), 'list', filters]}
        getRowLabel={(s) => s.name}
        rowActions={rowActions}
        can={can}
        emptyMessage={t('staff.empty')}
        searchPlaceholder={t('staff.search')}
        exportFileBase="Staff"
        toolbarActions={
          can(MODULE, 'add-staff') ? (
            <Button
              component={RouterLink}
              to={`${STAFF_PATH}/add`}
              variant="contained"
              startIcon={<AddIcon />}
            >
              {t('staff.add')}
            </Button>
          ) : undefined
        }
      />
      <ConfirmDeleteDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onDelete={() => (deleting ? deleteStaff(deleting.id) : Promise.resolve())}
        onDeleted={() => void queryClient.invalidateQueries({ queryKey: peopleKeys.all })}
      />
    </>
  );
}
