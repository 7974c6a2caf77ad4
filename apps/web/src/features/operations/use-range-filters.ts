/** The dump-yard tabs' applied filters from the URL, and the lines the exports print for them. */
import type { ExportFilter } from '@civicfleet/exporters';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatIsoDate, isoDateToDayjs } from '@/components/form';
import type { VehicleRange } from './api/operations';
import { readRange, readVehicle } from './operations-params';

export function useRangeFilters() {
  const { t } = useTranslation('operations');
  const [params] = useSearchParams();
  const range = readRange(params);
  const vehicle = readVehicle(params);
  const filters: VehicleRange = { ...range, ...(vehicle ? { vehicleId: vehicle.id } : {}) };
  const exportFilters: ExportFilter[] = [
    { label: t('filters.from'), value: formatIsoDate(range.from) },
    { label: t('filters.to'), value: formatIsoDate(range.to) },
    ...(vehicle ? [{ label: t('filters.vehicle'), value: vehicle.label }] : []),
  ];
  const exportRange = {
    from: isoDateToDayjs(range.from)?.toDate(),
    to: isoDateToDayjs(range.to)?.toDate(),
  };
  return { filters, exportFilters, exportRange };
}
