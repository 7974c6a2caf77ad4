/**
 * The fitment form's lookups, usable by anyone who may add or edit fitments (a FITTER holds neither the `user` nor
 * the `device` module, and must not: those list every user and device of the organisation tree).
 * - person by phone: a customer or fitter within the caller's organisations fills the form; a number held outside
 *   them answers `found: false`, like a number nobody has (nothing about another tenant's users, not even that the
 *   number exists); within them, a number of another role answers the spec's message and nothing about its holder.
 * - devices that can be fitted: NEW or ALLOCATED, live, in the caller's organisations.
 */
import {
  FITMENT_LOOKUP_MESSAGES,
  FITMENT_MESSAGES,
  hasPermission,
  type FitmentDeviceLookupQuery,
  type FitmentDeviceOption,
  type FitmentPersonLookup,
  type FitmentPersonLookupQuery,
  type FitmentPersonRole,
} from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { ForbiddenError } from '../../http/errors.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import { canSeeOrganisation } from '../organisation/scope.ts';
import { CUSTOMER_ROLE } from './fitment-parties.ts';
import * as repo from './fitment-lookup.repository.ts';

const OTHER_ROLE_MESSAGE: Record<FitmentPersonRole, string> = {
  LIMITED_USER: FITMENT_MESSAGES.notCustomer,
  FITTER: FITMENT_MESSAGES.notFitter,
};

/** add-fitment OR edit-fitment-result-table (one route declaration cannot say "or"). */
export function assertCanFillFitments(auth: AuthContext): void {
  const can = (action: string) => hasPermission(auth.roleName, auth.permissions, 'fitment', action);
  if (!can('add-fitment') && !can('edit-fitment-result-table'))
    throw new ForbiddenError(FITMENT_LOOKUP_MESSAGES.forbidden);
}

export function createFitmentLookupService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    async person(auth: AuthContext, query: FitmentPersonLookupQuery): Promise<FitmentPersonLookup> {
      assertCanFillFitments(auth);
      const user = await repo.findPersonByPhone(db, query.phone);
      // A number held outside the caller's organisations answers as if nobody had it (issue 20 #7): the lookup must
      // not tell another tenant that a phone number exists, nor its role. (The save still refuses a taken number.)
      if (!user || !canSeeOrganisation(auth, user.organisationId)) return { found: false };
      if (user.deleted)
        return { found: true, matchesRole: false, message: FITMENT_LOOKUP_MESSAGES.deletedUser };
      if (user.roleName !== query.role)
        return { found: true, matchesRole: false, message: OTHER_ROLE_MESSAGE[query.role] };
      return {
        found: true,
        matchesRole: true,
        person: {
          id: String(user.id),
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          phone: user.phone ?? query.phone,
          address: query.role === CUSTOMER_ROLE ? user.address : null,
        },
      };
    },

    async devices(auth: AuthContext, query: FitmentDeviceLookupQuery): Promise<FitmentDeviceOption[]> {
      assertCanFillFitments(auth);
      const rows = await repo.listFittableDevices(db, {
        orgIds: auth.orgIds,
        search: query.search,
        limit: query.limit,
        now: clock(),
      });
      return rows.map((d) => ({
        id: String(d.id),
        imei: d.imei,
        model: d.model,
        status: d.status === 'NEW' ? 'NEW' : 'ALLOCATED',
        panicButtonCount: d.panicButtonCount,
      }));
    },
  };
}
