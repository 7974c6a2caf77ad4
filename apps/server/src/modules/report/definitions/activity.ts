/** Definitions of the daily-rollup reports (contract: packages/shared reports/activity.contract.ts). */
import type { ReportDefinition } from '../engine/types.ts';
import { cumulativeDistanceReport } from './cumulative-distance.ts';

export const ACTIVITY_DEFINITIONS: ReportDefinition<never>[] = [
  cumulativeDistanceReport as ReportDefinition<never>,
];
