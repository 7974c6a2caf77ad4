/** SWM reports over job schedules, routes and collection points: duty, route violation, collection, D2D collection. */
import type { ReportMeta } from '../report.contract.ts';

export const SWM_REPORTS: Record<string, ReportMeta> = {};
