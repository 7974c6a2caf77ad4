/** Page configs of the swm reports (contract: packages/shared reports/swm.contract.ts). */
import type { ReportPageConfig } from '../types';

export const SWM_PAGES: Record<string, ReportPageConfig> = {};
