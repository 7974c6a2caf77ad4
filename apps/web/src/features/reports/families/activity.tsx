/** Page configs of the activity reports (contract: packages/shared reports/activity.contract.ts). */
import type { ReportPageConfig } from '../types';
import { BandCards } from './activity/BandCards';
import { BandFilter, currentMonth, MonthFilter } from './activity/filters';
import { MonthlyGrid } from './activity/MonthlyGrid';

export const ACTIVITY_PAGES: Record<string, ReportPageConfig> = {
  'monthly-summary': {
    ExtraFilters: MonthFilter,
    defaults: { month: currentMonth() },
    hideFields: ['range'],
    View: MonthlyGrid,
  },
  'vehicle-categorization': {
    ExtraFilters: BandFilter,
    View: BandCards,
  },
};
