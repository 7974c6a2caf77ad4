/** Every report's page config by id (absent = the plain kit page). */
import type { ReportPageConfig } from '../types';
import { ACTIVITY_PAGES } from './activity';
import { ALERTS_PAGES } from './alerts';
import { SWM_PAGES } from './swm';

export const REPORT_PAGES: Readonly<Record<string, ReportPageConfig>> = {
  ...ACTIVITY_PAGES,
  ...ALERTS_PAGES,
  ...SWM_PAGES,
};
