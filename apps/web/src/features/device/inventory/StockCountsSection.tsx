/** Devices by status per organisation and model (GET /erp/stock-counts), with the totals as chips above. */
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { DEVICE_STATUSES, type StockCountRow } from '@civicfleet/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ResultsTable, type ResultsTableColumn } from '@/components/table';
import { STATUS_COLOR } from '../device-status';
import { getStockCounts, inventoryKeys } from './api/inventory';

export function StockCountsSection() {
  const { t } = useTranslation('device');
  const stock = useQuery({ queryKey: inventoryKeys.stock(), queryFn: getStockCounts });
  const totals = stock.data?.totals;

  const columns: ResultsTableColumn<StockCountRow>[] = [
    {
      key: 'organisation',
      header: t('fields.organisation'),
      sortable: true,
      accessor: (r) => r.organisation.tradeName,
    },
    {
      key: 'model',
      header: t('fields.model'),
      sortable: true,
      accessor: (r) => r.model ?? t('inventory.noModel'),
    },
    ...DEVICE_STATUSES.map((status): ResultsTableColumn<StockCountRow> => ({
      key: status,
      header: t(`statuses.${status}`),
      align: 'right',
      filterable: false,
      accessor: (r) => r.counts[status],
    })),
    {
      key: 'total',
      header: t('inventory.total'),
      sortable: true,
      align: 'right',
      filterable: false,
      accessor: (r) => r.counts.total,
    },
  ];

  return (
    <>
      {totals && (
        <Stack
          direction="row"
          spacing={1}
          sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}
          aria-label={t('inventory.totals')}
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: '0 0 16px 0' }}
        >
          {DEVICE_STATUSES.map((status) => (
            <li key={status}>
              <Chip
                color={STATUS_COLOR[status]}
                variant={status === 'NEW' ? 'outlined' : 'filled'}
                label={`${t(`statuses.${status}`)}: ${totals[status]}`}
              />
            </li>
          ))}
          <li>
            <Chip variant="outlined" label={`${t('inventory.total')}: ${totals.total}`} />
          </li>
        </Stack>
      )}
      <ResultsTable<StockCountRow>
        title={t('inventory.stockTitle')}
        columns={columns}
        rows={stock.data?.rows ?? []}
        isLoading={stock.isPending}
        error={stock.error ?? undefined}
        onRetry={() => void stock.refetch()}
        getRowId={(r) => `${r.organisation.id}:${r.model ?? ''}`}
        getRowLabel={(r) => `${r.organisation.tradeName} ${r.model ?? ''}`}
        emptyMessage={t('inventory.stockEmpty')}
        searchPlaceholder={t('inventory.stockSearch')}
        exportFileBase="Device Stock"
        defaultPageSize={10}
      />
    </>
  );
}
