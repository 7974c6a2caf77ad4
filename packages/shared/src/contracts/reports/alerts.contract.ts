/** Reports over alerts, intervals and raw packets: alert, sosalert, alert-grouped, offline, vehicle-timeline, raw-logs. */
import type { ReportMeta } from '../report.contract.ts';

export const ALERT_REPORTS: Record<string, ReportMeta> = {};
