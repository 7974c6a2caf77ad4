/** Definitions of the alert, interval and raw-packet reports (contract: reports/alerts.contract.ts). */
import type { ReportDefinition } from '../engine/types.ts';
import { alertGroupedReport } from './alert-grouped.ts';
import { alertReport } from './alert.ts';
import { offlineReport } from './offline.ts';
import { rawLogsReport } from './raw-logs.ts';
import { sosAlertReport } from './sos-alert.ts';
import { vehicleTimelineReport } from './vehicle-timeline.ts';

export const ALERT_DEFINITIONS: ReportDefinition<never>[] = [
  alertReport as ReportDefinition<never>,
  sosAlertReport as ReportDefinition<never>,
  alertGroupedReport as ReportDefinition<never>,
  offlineReport as ReportDefinition<never>,
  vehicleTimelineReport as ReportDefinition<never>,
  rawLogsReport as ReportDefinition<never>,
];
