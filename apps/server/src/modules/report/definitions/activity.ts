/** Definitions of the daily-rollup reports (contract: packages/shared reports/activity.contract.ts). */
import type { ReportDefinition } from '../engine/types.ts';
import { cumulativeDistanceReport } from './cumulative-distance.ts';
import { dailyRunSummaryReport } from './daily-run-summary.ts';
import { dailyVehicleOperationReport } from './daily-vehicle-operation-report.ts';
import { fuelConsumptionReport } from './fuel-consumption.ts';
import { monthlySummaryReport } from './monthly-summary.ts';
import { totalRunSummaryReport } from './total-run-summary.ts';
import { vehicleCategorizationReport } from './vehicle-categorization.ts';

export const ACTIVITY_DEFINITIONS: ReportDefinition<never>[] = [
  cumulativeDistanceReport as ReportDefinition<never>,
  dailyRunSummaryReport as ReportDefinition<never>,
  totalRunSummaryReport as ReportDefinition<never>,
  monthlySummaryReport as ReportDefinition<never>,
  dailyVehicleOperationReport as ReportDefinition<never>,
  vehicleCategorizationReport as ReportDefinition<never>,
  fuelConsumptionReport as ReportDefinition<never>,
];
