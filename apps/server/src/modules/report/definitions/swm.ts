/** Definitions of the SWM reports (contract: reports/swm.contract.ts). */
import type { ReportDefinition } from '../engine/types.ts';
import { collectionReport } from './collection.ts';
import { d2dCollectionReport } from './d2d-collection.ts';
import { dutyReport } from './duty-report.ts';
import { routeViolationReport } from './route-violation.ts';

export const SWM_DEFINITIONS: ReportDefinition<never>[] = [
  dutyReport as ReportDefinition<never>,
  routeViolationReport as ReportDefinition<never>,
  collectionReport as ReportDefinition<never>,
  d2dCollectionReport as ReportDefinition<never>,
];
