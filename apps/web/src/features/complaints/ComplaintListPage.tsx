/**
 * /swm/complaint: the complaints of the caller's organisations, newest first, with status chips, filters in the URL
 * and each row's SLA countdown ("due in 3 h", "overdue by 2 h" in red). A row opens the complaint.
 */
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import type { Complaint } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ResultsTable, type ResultsTableColumn, type RowAction } from '@/components/table';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/session';
import { complaintKeys, listComplaints } from './api/complaints';
import { toQueryFilters, useComplaintFilters } from './complaint-filters';
import { complaintPaths } from './complaint-paths';
import { ComplaintFilterBar } from './ComplaintFilterBar';
import { ComplaintStatusChip, SlaCountdown, useNow } from './ComplaintStatusChip';

const MODULE = 'complaint';

function useColumns(now: number): ResultsTableColumn<Complaint>[] {
  const { t } = useTranslation('complaints');
  return [
    {
      key: 'id',
      header: t('fields.id'),
      render: (c) => (
        <Link component={RouterLink} to={complaintPaths.detail(c.id)}>
          #{c.id}
        </Link>
      ),
      accessor: (c) => c.id,
    },
    {
      key: 'category',
      header: t('fields.category'),
      sortable: true,
      accessor: (c) => t(`categories.${c.category}`),
    },
    {
      key: 'status',
      header: t('fields.status'),
      sortable: true,
      accessor: (c) => t(`statuses.${c.status}`),
      render: (c) => <ComplaintStatusChip status={c.status} />,
    },
    {
      key: 'dueAt',
      header: t('fields.sla'),
      sortable: true,
      accessor: (c) => formatDateTime(c.dueAt),
      render: (c) => <SlaCountdown complaint={c} now={now} />,
    },
    { key: 'ward', header: t('fields.ward'), accessor: (c) => c.ward?.name ?? '' },
    {
      key: 'description',
      header: t('fields.description'),
      accessor: (c) => c.description ?? c.address ?? '',
    },
    { key: 'assignedStaff', header: t('fields.assignedStaff'), accessor: (c) => c.assignedStaff?.name ?? '' },
    { key: 'citizen', header: t('fields.citizenName'), accessor: (c) => c.citizenName ?? '' },
    {
      key: 'createdAt',
      header: t('fields.createdAt'),
      sortable: true,
      accessor: (c) => formatDateTime(c.createdAt),
    },
    {
      key: 'resolvedAt',
      header: t('fields.resolvedAt'),
      sortable: true,
      accessor: (c) => formatDateTime(c.resolvedAt),
    },
  ];
}

export function ComplaintListPage() {
  const { t } = useTranslation('complaints');
  const { can } = useSession();
  const navigate = useNavigate();
  const now = useNow();
  const [filters, applyFilters] = useComplaintFilters();
  const query = toQueryFilters(filters);
  const columns = useColumns(now);
  const rowActions: RowAction<Complaint>[] = [
    { id: 'open', label: t('actions.open'), onSelect: (c) => void navigate(complaintPaths.detail(c.id)) },
  ];
  return (
    <Box>
      <ComplaintFilterBar filters={filters} onChange={applyFilters} />
      <ResultsTable<Complaint>
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        columns={columns}
        getRowLabel={(c) => `#${c.id}`}
        rowActions={rowActions}
        can={can}
        searchPlaceholder={t('list.search')}
        exportFileBase="Complaints"
        query={(q) => listComplaints({ ...q, ...query })}
        queryKey={complaintKeys.list(query)}
        emptyMessage={t('list.empty')}
        toolbarActions={
          can(MODULE, 'add-complaint') ? (
            <Button
              component={RouterLink}
              to={complaintPaths.add}
              variant="contained"
              startIcon={<AddIcon />}
            >
              {t('actions.raise')}
            </Button>
          ) : undefined
        }
      />
    </Box>
  );
}
