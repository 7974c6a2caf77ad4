/** Every report (spec 01 §2.4), by id: the three families merged. */
import type { ReportMeta } from '../report.contract.ts';
import { ACTIVITY_REPORTS } from './activity.contract.ts';
import { ALERT_REPORTS } from './alerts.contract.ts';
import { SWM_REPORTS } from './swm.contract.ts';

export * from './activity.contract.ts';
export * from './alerts.contract.ts';
export * from './swm.contract.ts';

export const REPORTS: Readonly<Record<string, ReportMeta>> = {
  ...ACTIVITY_REPORTS,
  ...ALERT_REPORTS,
  ...SWM_REPORTS,
};

export function reportMeta(id: string): ReportMeta | undefined {
  return Object.hasOwn(REPORTS, id) ? REPORTS[id] : undefined;
}

/** The meta of a report that must exist (server definitions, console pages). */
export function requireReportMeta(id: string): ReportMeta {
  const meta = reportMeta(id);
  if (!meta) throw new Error(`unknown report ${id}`);
  return meta;
}
