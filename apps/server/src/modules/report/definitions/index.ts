/** Every report definition by id: the three families merged (each family file is owned by its reports). */
import type { ReportDefinition } from '../engine/types.ts';
import { ACTIVITY_DEFINITIONS } from './activity.ts';
import { ALERT_DEFINITIONS } from './alerts.ts';
import { SWM_DEFINITIONS } from './swm.ts';

export const REPORT_DEFINITIONS: ReadonlyMap<string, ReportDefinition> = new Map(
  [...ACTIVITY_DEFINITIONS, ...ALERT_DEFINITIONS, ...SWM_DEFINITIONS].map((d) => [
    d.meta.id,
    d as unknown as ReportDefinition,
  ]),
);

export function reportDefinition(id: string): ReportDefinition | undefined {
  return REPORT_DEFINITIONS.get(id);
}
