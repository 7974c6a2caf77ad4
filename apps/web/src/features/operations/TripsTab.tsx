/** "Trips": disposal trips seen by GPS in the range (visits to a dump yard or transfer station, docs/swm.md). */
import Chip from '@mui/material/Chip';
import type { DisposalTripRow } from '@civicfleet/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatIsoDate } from '@/components/form';
import { ResultsTable, type ResultsTableColumn } from '@/components/table';
import { formatDateTime } from '@/lib/format';
import { listTrips, operationsKeys } from './api/operations';
import { useDurationFormat } from './format';
import { useRangeFilters } from './use-range-filters';

export function TripsTab() {
  const { t } = useTranslation('operations');
  const duration = useDurationFormat();
  const { filters, exportFilters, exportRange } = useRangeFilters();
  const trips = useQuery({
    queryKey: operationsKeys.trips(filters),
    queryFn: ({ signal }) => listTrips(filters, signal),
  });
  const columns: ResultsTableColumn<DisposalTripRow>[] = [
    { key: 'day', header: t('columns.day'), sortable: true, accessor: (r) => formatIsoDate(r.day) },
    { key: 'registrationNumber', header: t('columns.vehicle'), sortable: true },
    { key: 'geofenceName', header: t('columns.yard'), sortable: true },
    { key: 'kind', header: t('columns.kind'), accessor: (r) => t(`kinds.${r.kind}`) },
    {
      key: 'enteredAt',
      header: t('columns.enteredAt'),
      sortable: true,
      accessor: (r) => new Date(r.enteredAt),
      render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.enteredAt)}</span>,
      exportValue: (r) => formatDateTime(r.enteredAt),
    },
    {
      key: 'exitedAt',
      header: t('columns.exitedAt'),
      sortable: true,
      accessor: (r) => (r.exitedAt ? formatDateTime(r.exitedAt) : t('trips.inside')),
      render: (r) =>
        r.exitedAt ? (
          formatDateTime(r.exitedAt)
        ) : (
          <Chip size="small" color="primary" label={t('trips.inside')} />
        ),
    },
    {
      key: 'dwellS',
      header: t('columns.dwell'),
      sortable: true,
      align: 'right',
      accessor: (r) => r.dwellS,
      render: (r) => duration(r.dwellS) || '-',
      exportValue: (r) => duration(r.dwellS),
    },
  ];
  return (
    <ResultsTable<DisposalTripRow>
      title={t('trips.title')}
      subtitle={t('trips.subtitle')}
      columns={columns}
      rows={trips.data ?? []}
      isLoading={trips.isPending}
      error={trips.error}
      onRetry={() => void trips.refetch()}
      getRowId={(r) => `${r.vehicleId}-${r.geofenceId}-${r.enteredAt}`}
      getRowLabel={(r) => `${r.registrationNumber} ${formatDateTime(r.enteredAt)}`}
      defaultSort={{ sortBy: 'enteredAt', sortOrder: 'desc' }}
      emptyMessage={t('trips.empty')}
      searchPlaceholder={t('trips.search')}
      exportFileBase="Disposal_Trips"
      exportFilters={exportFilters}
      exportRange={exportRange}
    />
  );
}
