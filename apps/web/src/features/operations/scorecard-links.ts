/**
 * Where a scorecard number leads: the list behind it, narrowed to the row's ward and the period where that list can
 * be (complaints by ward; trips, mismatch and job runs by period only — they have no ward filter).
 */
import type { ScorecardGroupBy, ScorecardRow } from '@civicfleet/shared';
import { COMPLAINT_PATH, DUMP_YARD_PATH, JOB_RUN_PATH } from './paths';

export interface ScorecardLinkContext {
  from: string;
  to: string;
  groupBy: ScorecardGroupBy;
}

const withQuery = (path: string, query: Record<string, string | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
  return `${path}?${params.toString()}`;
};

/** A ward row (or the totals, row = null) narrows by ward; contractor rows have no complaint list of their own. */
export function complaintsHref(
  row: ScorecardRow | null,
  ctx: ScorecardLinkContext,
  extra: Record<string, string> = {},
): string | null {
  if (row !== null && (ctx.groupBy !== 'ward' || row.key === null)) return null;
  return withQuery(COMPLAINT_PATH, { wardId: row?.key ?? undefined, from: ctx.from, to: ctx.to, ...extra });
}

export const tripsHref = (ctx: ScorecardLinkContext) =>
  withQuery(DUMP_YARD_PATH, { tab: 'mismatch', from: ctx.from, to: ctx.to });

export const jobRunsHref = (ctx: ScorecardLinkContext) => withQuery(JOB_RUN_PATH, { day: ctx.to });
