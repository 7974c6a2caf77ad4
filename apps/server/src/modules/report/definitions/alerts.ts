/** Definitions of the alert, interval and raw-packet reports (contract: reports/alerts.contract.ts). */
import type { ReportDefinition } from '../engine/types.ts';

export const ALERT_DEFINITIONS: ReportDefinition<never>[] = [];
