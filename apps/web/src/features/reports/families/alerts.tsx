/** Page configs of the alerts reports (contract: packages/shared reports/alerts.contract.ts). */
import type { ReportPageConfig } from '../types';

export const ALERTS_PAGES: Record<string, ReportPageConfig> = {};
