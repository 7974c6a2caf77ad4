/** Columns of the orders table: what the manufacturer needs to program and activate the SIMs. */
import Chip from '@mui/material/Chip';
import { splitYearsDays, type SimActivationOrder, type SimOrderStatusChoice } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import type { ResultsTableColumn } from '@/components/table';
import { formatDateTime } from '@/lib/format';
import type { DurationOption } from './api/sim-activation';

const STATUS_COLOURS: Record<SimOrderStatusChoice, 'default' | 'info' | 'primary' | 'success' | 'error'> = {
  INITIATED: 'info',
  APPROVED: 'primary',
  DONE: 'success',
  COMPLETED: 'default',
  REJECTED: 'error',
};

export function SimOrderStatusChip({ status }: { status: SimOrderStatusChoice }) {
  const { t } = useTranslation('simActivation');
  return <Chip size="small" color={STATUS_COLOURS[status]} label={t(`statuses.${status}`)} />;
}

export function useSimOrderColumns(
  plans: readonly DurationOption[],
): ResultsTableColumn<SimActivationOrder>[] {
  const { t } = useTranslation('simActivation');
  const durationName = (days: number) => {
    const plan = plans.find((p) => p.durationInDays === days);
    if (plan) return plan.name;
    const { years, days: rest } = splitYearsDays(days);
    return t('duration.yearsDays', { years, days: rest });
  };
  const simDetails = (o: SimActivationOrder) => {
    const d = o.simDetails;
    const sim = (msisdn: string | undefined, operator: string | undefined) =>
      msisdn ? (operator ? `${msisdn} (${operator})` : msisdn) : undefined;
    return [sim(d.sim1, d.sim1_operator), sim(d.sim2, d.sim2_operator), d.eSimProvider]
      .filter((part) => part !== undefined)
      .join(' · ');
  };
  return [
    { key: 'imei', header: t('fields.imei'), sortable: true },
    { key: 'uid', header: t('fields.uid'), accessor: (o) => o.uid ?? '' },
    {
      key: 'status',
      header: t('fields.status'),
      sortable: true,
      accessor: (o) => t(`statuses.${o.status}`),
      render: (o) => <SimOrderStatusChip status={o.status} />,
    },
    {
      key: 'durationInDays',
      header: t('fields.duration'),
      sortable: true,
      accessor: (o) => durationName(o.durationInDays),
    },
    { key: 'organisation', header: t('fields.organisation'), accessor: (o) => o.organisation.name },
    { key: 'manufacturer', header: t('fields.manufacturer'), accessor: (o) => o.manufacturer?.name ?? '' },
    { key: 'ips', header: t('fields.ips'), accessor: (o) => o.ips.join(', ') },
    { key: 'numbers', header: t('fields.numbers'), accessor: (o) => o.numbers.join(', ') },
    { key: 'simDetails', header: t('fields.simDetails'), accessor: simDetails },
    {
      key: 'isSimActivated',
      header: t('fields.isSimActivated'),
      accessor: (o) => (o.isSimActivated ? t('list.yes') : t('list.no')),
    },
    {
      key: 'approvedBy',
      header: t('fields.approvedBy'),
      accessor: (o) => o.simActivationApprovedBy?.name ?? '',
    },
    {
      key: 'simActivationDate',
      header: t('fields.simActivationDate'),
      sortable: true,
      accessor: (o) => formatDateTime(o.simActivationDate),
    },
    {
      key: 'createdAt',
      header: t('fields.createdAt'),
      sortable: true,
      accessor: (o) => formatDateTime(o.createdAt),
    },
  ];
}
