/** Page configs of the swm reports (contract: packages/shared reports/swm.contract.ts). */
import type { ReportPageConfig } from '../types';
import { D2dCoverageView } from './swm/D2dCoverageView';
import { OnlyMissedFilter, ViolationTypesFilter } from './swm/filters';

/** A vehicle's rows lead to its duty on that day (the report's own filter narrowed). */
const vehicleDay = (id: string) => (row: Record<string, unknown>) =>
  typeof row.vehicleId === 'string' && typeof row.day === 'string'
    ? `/reports/${id}?vehicleId=${row.vehicleId}&from=${row.day}&to=${row.day}`
    : null;

export const SWM_PAGES: Record<string, ReportPageConfig> = {
  'duty-report': {},
  'route-violation': { ExtraFilters: ViolationTypesFilter, defaults: { violationTypes: [] } },
  collection: { rowHref: vehicleDay('route-violation') },
  'd2d-collection': {
    ExtraFilters: OnlyMissedFilter,
    defaults: { onlyMissed: false },
    View: D2dCoverageView,
  },
};
