/**
 * The organisation a new management record belongs to: the one named in the body (it must be in the caller's scope
 * and not deleted; otherwise 404, as for any record outside the scope), or the caller's own. Shared by the vehicle, geofence,
 * POI, group, route, item and job modules.
 */
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../http/errors.ts';
import type { AuthContext } from '../../http/types.ts';
import { findOrganisation } from './organisation.repository.ts';
import { canSeeOrganisation, toId } from './scope.ts';

export const ORGANISATION_NOT_FOUND = 'Organisation not found.';

export async function resolveOwnerOrganisation(
  db: Db,
  auth: AuthContext,
  organisationId: string | undefined,
): Promise<bigint> {
  if (organisationId === undefined) return auth.organisationId;
  const id = toId(organisationId);
  if (!canSeeOrganisation(auth, id) || !(await findOrganisation(db, id)))
    throw new NotFoundError(ORGANISATION_NOT_FOUND);
  return id;
}

/** `12,13` style id lists as bigints without duplicates. */
export const uniqueIds = (ids: readonly string[]): bigint[] => [...new Set(ids)].map(toId);
