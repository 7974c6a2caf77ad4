/** Page configs of the alerts reports (contract: packages/shared reports/alerts.contract.ts). */
import { type ComponentType, lazy, Suspense } from 'react';
import type { ReportPageConfig, ReportViewProps } from '../types';
import { AlertTypesFilter, GroupByFilter, ImeiFilter, OfflineForFilter } from './alerts/AlertFilters';

/** A view loaded with its first result, in its own Suspense so the table never waits for it. */
function lazyView(load: () => Promise<ComponentType<ReportViewProps>>): ComponentType<ReportViewProps> {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function LazyView(props: ReportViewProps) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

const TimelineView = lazyView(() => import('./alerts/TimelineView').then((m) => m.TimelineView));
const SosStatsView = lazyView(() => import('./alerts/SosStatsView').then((m) => m.SosStatsView));
const DecodedPacketView = lazyView(() =>
  import('./alerts/DecodedPacketView').then((m) => m.DecodedPacketView),
);

/** yyyy-MM-dd of a filter's from/to (a day, or an instant the console made from a day in IST). */
const dayOf = (value: unknown) => (typeof value === 'string' ? value.slice(0, 10) : null);

/** alert-grouped → the alerts behind a row, same range, that vehicle or ward. */
export function alertGroupedHref(
  row: Record<string, unknown>,
  filter: Record<string, unknown>,
): string | null {
  const params = new URLSearchParams();
  const from = dayOf(filter.from);
  const to = dayOf(filter.to);
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  if (typeof filter.organisationId === 'string') params.set('organisationId', filter.organisationId);
  if (typeof row.vehicleId === 'string' && row.vehicleId) params.set('vehicleId', row.vehicleId);
  else if (typeof row.wardId === 'string' && row.wardId) params.set('wardIds', row.wardId);
  else return null;
  return `/reports/alert?${params.toString()}`;
}

export const ALERTS_PAGES: Record<string, ReportPageConfig> = {
  alert: { ExtraFilters: AlertTypesFilter, defaults: { alertTypes: [] } },
  sosalert: { View: SosStatsView },
  'alert-grouped': {
    ExtraFilters: GroupByFilter,
    defaults: { groupBy: 'vehicle' },
    rowHref: alertGroupedHref,
  },
  offline: { ExtraFilters: OfflineForFilter },
  'vehicle-timeline': { View: TimelineView },
  'raw-logs': { ExtraFilters: ImeiFilter, View: DecodedPacketView },
};
