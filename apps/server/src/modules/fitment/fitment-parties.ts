/**
 * The people of a fitment, found by phone or created (inside the fitment's transaction):
 * - customer: an existing user with the phone must be a LIMITED_USER ("This is not a customer's number") in the
 *   caller's scope; they keep their organisation. A new customer is a LIMITED_USER in a new CUSTOMER organisation named
 *   after them, child of the vendor organisation, with the given or the brand's default password.
 * - fitter: an existing user with the phone must be a FITTER ("This is not a fitter's number"); a new one is created as
 *   FITTER in the vendor organisation (brand's default password).
 * Whoever is created with the brand's default password (known to everyone who has the brand file) is flagged
 * must_change_password, so their first sign-in asks for their own before anything else (ASVS 2.3.1, like
 * user.service.ts). Bulk activation (modules/activation) saves through the same functions.
 * Names, e-mail, address and KYC documents given on the form update an existing person (the console locks them until
 * Edit is pressed). E-mail and phone stay unique (USER_MESSAGES).
 */
import { FITMENT_LOOKUP_MESSAGES, FITMENT_MESSAGES, USER_MESSAGES, type KycDoc } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { BadRequestError, ConflictError } from '../../http/errors.ts';
import type { AuthContext } from '../../http/types.ts';
import { hashPassword } from '../auth/password.ts';
import { insertOrganisation } from '../organisation/organisation.repository.ts';
import { canSeeOrganisation } from '../organisation/scope.ts';
import { findRoleByName } from '../role/role.repository.ts';
import { insertUser, updateUser } from '../user/user.repository.ts';
import * as repo from './fitment.repository.ts';

export const CUSTOMER_ROLE = 'LIMITED_USER';
export const FITTER_ROLE = 'FITTER';

export const PARTY_MESSAGES = {
  deletedUser: FITMENT_LOOKUP_MESSAGES.deletedUser,
  customerOutOfScope: 'This customer belongs to an organisation outside yours.',
  fitterOutOfScope: 'This fitter belongs to an organisation outside yours.',
  customerFirstName: 'First name is required for a new customer',
} as const;

export interface PersonDraft {
  /** +91XXXXXXXXXX. */
  phone: string;
  /** Undefined or '' = keep (existing person) / required (new customer). */
  firstName?: string | undefined;
  lastName?: string | undefined;
  email?: string | null | undefined;
}

export interface CustomerDraft extends PersonDraft {
  password?: string | undefined;
  address?: string | null | undefined;
  /** Undefined = keep the existing documents. */
  kycDocs?: KycDoc[] | undefined;
}

const field = (name: string, message: string) => new BadRequestError(message, { [name]: message });

/** Hashes for people that will be created: computed before the transaction (scrypt is slow; PGlite has one connection). */
export interface PasswordHashes {
  customer: () => Promise<string>;
  fitter: () => Promise<string>;
  /**
   * The customer's password is the brand's default (none was typed, or the default was typed). Absent (callers that
   * create nobody, like the demo seed): treated as the default, the safe side.
   */
  customerIsDefault?: boolean;
}

async function checkEmail(db: Db, prefix: string, email: string | null | undefined, exceptUserId?: bigint) {
  if (email && (await repo.isEmailTakenByOther(db, email, exceptUserId)))
    throw new ConflictError(USER_MESSAGES.emailTaken, { [`${prefix}.email`]: USER_MESSAGES.emailTaken });
}

/** Only the fields that were given (blank names keep the stored ones). */
function personUpdate(draft: PersonDraft) {
  return {
    ...(draft.firstName ? { firstName: draft.firstName } : {}),
    ...(draft.lastName ? { lastName: draft.lastName } : {}),
    ...(draft.email ? { email: draft.email.toLowerCase() } : {}),
  };
}

async function roleId(db: Db, name: string): Promise<bigint> {
  const role = await findRoleByName(db, name);
  if (!role) throw new Error(`built-in role ${name} is missing`);
  return role.id;
}

export async function resolveCustomer(
  db: Db,
  auth: AuthContext,
  draft: CustomerDraft,
  vendorOrganisationId: bigint,
  hashes: PasswordHashes,
  now: Date,
): Promise<{ userId: bigint; organisationId: bigint; created: boolean }> {
  const found = await repo.findUserByPhone(db, draft.phone);
  const details = {
    ...(draft.address ? { address: draft.address } : {}),
    ...(draft.kycDocs ? { kycDocs: draft.kycDocs } : {}),
  };
  if (found) {
    if (found.deleted) throw field('customer.phone', PARTY_MESSAGES.deletedUser);
    if (found.roleName !== CUSTOMER_ROLE) throw field('customer.phone', FITMENT_MESSAGES.notCustomer);
    if (!canSeeOrganisation(auth, found.organisationId))
      throw field('customer.phone', PARTY_MESSAGES.customerOutOfScope);
    await checkEmail(db, 'customer', draft.email, found.id);
    await updateUser(db, found.id, { ...personUpdate(draft), ...details, updatedAt: now });
    return { userId: found.id, organisationId: found.organisationId, created: false };
  }
  if (!draft.firstName) throw field('customer.firstName', PARTY_MESSAGES.customerFirstName);
  await checkEmail(db, 'customer', draft.email);
  const firstName = draft.firstName;
  const lastName = draft.lastName ?? '';
  const organisation = await insertOrganisation(db, {
    kind: 'CUSTOMER',
    parentId: vendorOrganisationId,
    tradeName: `${firstName} ${lastName}`.trim(),
    email: draft.email ?? null,
    contact: draft.phone,
    isOnboarded: true,
    createdAt: now,
    updatedAt: now,
  });
  const userId = await insertUser(db, {
    firstName,
    lastName,
    email: draft.email ?? null,
    phone: draft.phone,
    passwordHash: await hashes.customer(),
    mustChangePassword: hashes.customerIsDefault ?? true,
    roleId: await roleId(db, CUSTOMER_ROLE),
    organisationId: organisation.id,
    address: draft.address ?? null,
    kycDocs: draft.kycDocs ?? [],
    createdAt: now,
    updatedAt: now,
  });
  return { userId, organisationId: organisation.id, created: true };
}

export async function resolveFitter(
  db: Db,
  auth: AuthContext,
  draft: PersonDraft,
  vendorOrganisationId: bigint,
  hashes: PasswordHashes,
  now: Date,
): Promise<{ userId: bigint; created: boolean }> {
  const found = await repo.findUserByPhone(db, draft.phone);
  if (found) {
    if (found.deleted) throw field('fitter.phone', PARTY_MESSAGES.deletedUser);
    if (found.roleName !== FITTER_ROLE) throw field('fitter.phone', FITMENT_MESSAGES.notFitter);
    if (!canSeeOrganisation(auth, found.organisationId))
      throw field('fitter.phone', PARTY_MESSAGES.fitterOutOfScope);
    await checkEmail(db, 'fitter', draft.email, found.id);
    const update = personUpdate(draft);
    if (Object.keys(update).length > 0) await updateUser(db, found.id, { ...update, updatedAt: now });
    return { userId: found.id, created: false };
  }
  const message = 'Fitter first name is required';
  if (!draft.firstName) throw field('fitter.firstName', message);
  await checkEmail(db, 'fitter', draft.email);
  const userId = await insertUser(db, {
    firstName: draft.firstName,
    lastName: draft.lastName ?? '',
    email: draft.email ?? null,
    phone: draft.phone,
    passwordHash: await hashes.fitter(),
    // New fitters always get the default password.
    mustChangePassword: true,
    roleId: await roleId(db, FITTER_ROLE),
    organisationId: vendorOrganisationId,
    createdAt: now,
    updatedAt: now,
  });
  return { userId, created: true };
}

/**
 * Lazy hashes: a hash is computed at most once, and only when a person is really created. `prepare` computes the ones
 * that will probably be needed before the transaction opens (a phone not known yet).
 */
export function passwordHashes(
  customerPassword: string,
  defaultPassword: string,
  cachedDefault?: () => Promise<string>,
) {
  let customer: Promise<string> | undefined;
  let fitter: Promise<string> | undefined;
  const defaultHash = cachedDefault ?? (() => hashPassword(defaultPassword));
  const customerIsDefault = customerPassword === defaultPassword;
  const hashes: PasswordHashes = {
    customer: () => (customer ??= customerIsDefault ? defaultHash() : hashPassword(customerPassword)),
    fitter: () => (fitter ??= defaultHash()),
    customerIsDefault,
  };
  return hashes;
}
