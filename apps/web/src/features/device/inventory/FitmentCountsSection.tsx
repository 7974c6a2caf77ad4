/** Fitments per vendor and period (GET /erp/fitment-counts) with a period selector; approved and pending apart. */
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FitmentCountRow } from '@civicfleet/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResultsTable, type ResultsTableColumn } from '@/components/table';
import { formatIsoDate } from '@/components/form';
import { getFitmentCounts, inventoryKeys } from './api/inventory';
import { DEFAULT_PERIOD, formatPeriod, PERIODS, periodFilter, type Period } from './periods';

export function FitmentCountsSection() {
  const { t, i18n } = useTranslation('device');
  const [period, setPeriod] = useState<Period>(DEFAULT_PERIOD);
  const filter = useMemo(() => periodFilter(period), [period]);
  const counts = useQuery({
    queryKey: inventoryKeys.fitments(filter),
    queryFn: () => getFitmentCounts(filter),
    placeholderData: keepPreviousData,
  });
  const totals = counts.data?.totals;

  const columns: ResultsTableColumn<FitmentCountRow>[] = [
    {
      key: 'period',
      header: t('inventory.period'),
      sortable: true,
      accessor: (r) => r.period,
      render: (r) => formatPeriod(r.period, i18n.language),
      exportValue: (r) => formatPeriod(r.period, i18n.language),
    },
    {
      key: 'vendor',
      header: t('inventory.vendor'),
      sortable: true,
      accessor: (r) => r.organisation.tradeName,
    },
    {
      key: 'approved',
      header: t('inventory.approved'),
      sortable: true,
      align: 'right',
      filterable: false,
      accessor: (r) => r.counts.approved,
    },
    {
      key: 'pending',
      header: t('inventory.pending'),
      sortable: true,
      align: 'right',
      filterable: false,
      accessor: (r) => r.counts.pending,
    },
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
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label={t('inventory.periodSelect')}
          value={period}
          onChange={(e) => setPeriod(e.target.value as Period)}
          sx={{ minWidth: 220 }}
        >
          {PERIODS.map((p) => (
            <MenuItem key={p} value={p}>
              {t(`inventory.periods.${p}`)}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary" role="status">
          {t('inventory.range', { from: formatIsoDate(filter.fromDate), to: formatIsoDate(filter.toDate) })}
          {totals &&
            ` · ${t('inventory.fitmentTotals', { total: totals.total, approved: totals.approved, pending: totals.pending })}`}
        </Typography>
      </Stack>
      <ResultsTable<FitmentCountRow>
        title={t('inventory.fitmentsTitle')}
        columns={columns}
        rows={counts.data?.rows ?? []}
        isLoading={counts.isPending}
        error={counts.error ?? undefined}
        onRetry={() => void counts.refetch()}
        getRowId={(r) => `${r.period}:${r.organisation.id}`}
        getRowLabel={(r) => `${r.period} ${r.organisation.tradeName}`}
        emptyMessage={t('inventory.fitmentsEmpty')}
        searchPlaceholder={t('inventory.fitmentsSearch')}
        exportFileBase="Fitment Counts"
        defaultPageSize={10}
        defaultSort={{ sortBy: 'period', sortOrder: 'desc' }}
      />
    </>
  );
}
