/** Page configs of the activity reports (contract: packages/shared reports/activity.contract.ts). */
import type { ReportPageConfig } from '../types';

export const ACTIVITY_PAGES: Record<string, ReportPageConfig> = {};
