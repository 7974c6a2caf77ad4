/** The options of the report filter's "vehicle model" multi-select: distinct non-empty models the caller can see. */
import { REPORT_MESSAGES } from '@civicfleet/shared';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../../db/client.ts';
import { visibleOrganisationIds } from '../../../db/organisation-scope.ts';
import { NotFoundError } from '../../../http/errors.ts';
import type { AuthContext } from '../../../http/types.ts';

/** Sorted case-insensitively; `organisationId` narrows to that organisation's subtree (404 when not visible). */
export async function vehicleModels(db: Db, auth: AuthContext, organisationId?: string): Promise<string[]> {
  let orgIds: bigint[] | 'all' = auth.orgIds;
  if (organisationId !== undefined) {
    const id = BigInt(organisationId);
    if (auth.orgIds !== 'all' && !auth.orgIds.includes(id))
      throw new NotFoundError(REPORT_MESSAGES.organisation);
    orgIds = await visibleOrganisationIds(db, id);
    if (orgIds.length === 0) throw new NotFoundError(REPORT_MESSAGES.organisation);
  }
  if (orgIds !== 'all' && orgIds.length === 0) return [];
  const where =
    orgIds === 'all'
      ? sql`true`
      : sql`organisation_id in (${sql.join(
          orgIds.map((o) => sql`${o}`),
          sql`, `,
        )})`;
  const found = await rows<{ model: string }>(
    db,
    sql`select distinct btrim(model) as model from vehicles
         where not deleted and model is not null and btrim(model) <> '' and ${where}`,
  );
  return found.map((r) => r.model).sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
}
