/** What every report route and job does first: find the definition, check the filter, resolve the scope. */
import { REPORT_MESSAGES, type ReportFilterBase } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../http/errors.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import { reportDefinition } from './definitions/index.ts';
import { resolveReportScope } from './engine/scope.ts';
import type { ReportContext, ReportDefinition } from './engine/types.ts';

export interface PreparedReport {
  definition: ReportDefinition;
  ctx: ReportContext;
  filter: Record<string, unknown>;
}

/**
 * Parses `filter` with the report's schema (ZodError → 400 in the envelope; 'Atlest one filter is required' when
 * empty) and resolves it for `auth`. Unknown report ids answer 404.
 */
export async function prepareReport(
  deps: { db: Db; clock: Clock },
  auth: AuthContext,
  reportId: string,
  rawFilter: unknown,
  signal?: AbortSignal,
): Promise<PreparedReport> {
  const definition = reportDefinition(reportId);
  if (!definition) throw new NotFoundError(REPORT_MESSAGES.notFound);
  const filter = definition.meta.filter.parse(rawFilter);
  const scope = await resolveReportScope(
    deps.db,
    auth,
    definition.meta,
    filter as ReportFilterBase,
    deps.clock,
  );
  return { definition, filter, ctx: { db: deps.db, auth, scope, ...(signal ? { signal } : {}) } };
}
