/**
 * "Entries": what the dump-yard operator (or a weighbridge) recorded, server-paged, newest first, with the net weight
 * and whether GPS saw the vehicle there; delete per permission.
 */
import Box from '@mui/material/Box';
import type { DumpYardEntry } from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '@/components/ConfirmDeleteDialog';
import { ResultsTable, type ResultsTableColumn, type RowAction } from '@/components/table';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/session';
import { deleteEntry, listEntries, operationsKeys } from './api/operations';
import { useKgFormat } from './format';
import { GpsChip } from './GpsChip';
import { useRangeFilters } from './use-range-filters';

const MODULE = 'dump-yard';
const nowrap = (text: string) => (
  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
    {text || '-'}
  </Box>
);

export function EntriesTab() {
  const { t } = useTranslation('operations');
  const { can } = useSession();
  const queryClient = useQueryClient();
  const kg = useKgFormat();
  const { filters, exportFilters, exportRange } = useRangeFilters();
  const [deleting, setDeleting] = useState<DumpYardEntry | null>(null);

  const weight = (
    key: 'grossKg' | 'tareKg' | 'netKg',
    header: string,
  ): ResultsTableColumn<DumpYardEntry> => ({
    key,
    header,
    align: 'right',
    sortable: key === 'grossKg',
    accessor: (e) => e[key],
    render: (e) => nowrap(kg(e[key])),
  });
  const columns: ResultsTableColumn<DumpYardEntry>[] = [
    {
      key: 'enteredAt',
      header: t('columns.enteredAt'),
      sortable: true,
      accessor: (e) => new Date(e.enteredAt),
      render: (e) => nowrap(formatDateTime(e.enteredAt)),
    },
    {
      key: 'vehicle',
      header: t('columns.vehicle'),
      sortable: true,
      accessor: (e) => e.vehicle.registrationNumber,
    },
    { key: 'geofence', header: t('columns.yard'), sortable: true, accessor: (e) => e.geofence.name },
    weight('grossKg', t('columns.grossKg')),
    weight('tareKg', t('columns.tareKg')),
    weight('netKg', t('columns.netKg')),
    {
      key: 'gpsConfirmed',
      header: t('columns.gps'),
      accessor: (e) => (e.gpsConfirmed ? t('gps.confirmed') : t('gps.unconfirmed')),
      render: (e) => <GpsChip isConfirmed={e.gpsConfirmed} />,
    },
    {
      key: 'ticketNo',
      header: t('columns.ticketNo'),
      accessor: (e) => e.ticketNo ?? '',
      render: (e) => nowrap(e.ticketNo ?? ''),
    },
    {
      key: 'exitedAt',
      header: t('columns.exitedAt'),
      accessor: (e) => (e.exitedAt ? new Date(e.exitedAt) : null),
      render: (e) => nowrap(formatDateTime(e.exitedAt)),
    },
    { key: 'source', header: t('columns.source'), accessor: (e) => t(`sources.${e.source}`) },
    { key: 'note', header: t('columns.note'), accessor: (e) => e.note ?? '' },
  ];
  const rowActions: RowAction<DumpYardEntry>[] = [
    {
      id: 'delete',
      label: t('entries.delete'),
      onSelect: setDeleting,
      isDestructive: true,
      permission: { module: MODULE, action: 'delete-dump-yard-entry-result-table' },
    },
  ];

  return (
    <>
      <ResultsTable<DumpYardEntry>
        title={t('entries.title')}
        subtitle={t('entries.subtitle')}
        columns={columns}
        query={(q) => listEntries({ ...q, ...filters })}
        queryKey={operationsKeys.entryList(filters)}
        defaultSort={{ sortBy: 'enteredAt', sortOrder: 'desc' }}
        getRowLabel={(e) => `${e.vehicle.registrationNumber} ${formatDateTime(e.enteredAt)}`}
        rowActions={rowActions}
        can={can}
        emptyMessage={t('entries.empty')}
        searchPlaceholder={t('entries.search')}
        exportFileBase="Dump_Yard_Entries"
        exportFilters={exportFilters}
        exportRange={exportRange}
      />
      <ConfirmDeleteDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onDelete={() => (deleting ? deleteEntry(deleting.id) : Promise.resolve())}
        onDeleted={() => void queryClient.invalidateQueries({ queryKey: operationsKeys.all })}
      />
    </>
  );
}
