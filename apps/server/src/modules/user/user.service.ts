/**
 * User management. Rules: users live in the caller's subtree; e-mail (case-insensitive) and phone are unique; phones
 * are stored with +91; nobody hands out or acts on a role beyond their own permissions (SUPER_ADMIN only by
 * SUPER_ADMIN); nobody disables, deletes or resets the password of themselves here. Every change is audited.
 */
import {
  USER_MESSAGES,
  type Brand,
  type RfcAdminInput,
  type ProfileUpdate,
  type User,
  type UserInput,
  type UserListQuery,
  type UserUpdate,
} from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { mapPage } from '../../db/list-query.ts';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../http/errors.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { revokeUserTokens, updatePassword } from '../auth/auth.repository.ts';
import { hashPassword } from '../auth/password.ts';
import { assertAcceptablePassword } from '../auth/password-policy.ts';
import { passwordChangedMail } from '../auth/reset-mail.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { findOrganisation } from '../organisation/organisation.repository.ts';
import { canSeeOrganisation, isRoleWithinReach, toId, type Actor } from '../organisation/scope.ts';
import { findRoleByName, listRoles, type RoleRow } from '../role/role.repository.ts';
import * as repo from './user.repository.ts';
import { emailTaken, normalisePhoneFilter, phoneTaken, toUser, uniqueViolation } from './user.mapping.ts';

export const OWN_ROLE_MESSAGE = 'You cannot change your own role.';
export const USER_AUDIT = {
  created: 'user.created',
  updated: 'user.updated',
  deleted: 'user.deleted',
  passwordSet: 'user.password-set',
  associated: 'user.associated',
  profileUpdated: 'user.profile-updated',
} as const;

const NOT_FOUND = 'User not found.';
export const RFC_ADMIN_ROLE = 'RFC_ADMIN';

export interface UserServiceDeps {
  db: Db;
  clock: Clock;
  /** The brand's default password, given to users created without one. */
  defaultPassword: string;
  /** Where the notice of a password set by an administrator goes (ASVS 2.5.5); none: no notice. */
  notify?: { mailer: Mailer; brand: Brand };
}

export function createUserService({ db, clock, defaultPassword, notify }: UserServiceDeps) {
  /** A live user inside the caller's scope, else 404. */
  async function visible(auth: AuthContext, id: bigint, tx: Db): Promise<repo.UserRecord> {
    const row = await repo.findUser(tx, id);
    if (!row || !canSeeOrganisation(auth, row.organisation.id)) throw new NotFoundError(NOT_FOUND);
    return row;
  }

  /** The caller may act on this user only if the user's role is within the caller's own permissions. */
  function checkReach(auth: AuthContext, target: repo.UserRecord): void {
    if (!isRoleWithinReach(auth, target.role)) {
      throw new ForbiddenError('You cannot change a user who has permissions you do not have.');
    }
  }

  async function checkRole(auth: AuthContext, roleId: bigint, tx: Db): Promise<RoleRow> {
    const [role] = await listRoles(tx, { orgIds: auth.orgIds, id: roleId });
    if (!role) throw new BadRequestError('Choose a valid role.', { roleId: 'Choose a valid role' });
    if (!isRoleWithinReach(auth, role)) {
      throw new ForbiddenError(
        role.name === 'SUPER_ADMIN'
          ? 'Only a super administrator can create or edit super administrators.'
          : 'You cannot assign a role with permissions you do not have.',
      );
    }
    return role;
  }

  async function checkOrganisation(auth: AuthContext, organisationId: bigint, tx: Db): Promise<void> {
    if (!canSeeOrganisation(auth, organisationId) || !(await findOrganisation(tx, organisationId))) {
      throw new BadRequestError('The organisation must be yours or one below it.', {
        organisationId: 'Choose an organisation within your organisation',
      });
    }
  }

  async function checkUnique(
    tx: Db,
    email: string | null | undefined,
    phone: string | null | undefined,
    exceptId?: bigint,
  ) {
    if (email) {
      const owner = await repo.findIdByEmail(tx, email);
      if (owner !== undefined && owner !== exceptId) throw emailTaken();
    }
    if (phone) {
      const owner = await repo.findIdByPhone(tx, phone);
      if (owner !== undefined && owner !== exceptId) throw phoneTaken();
    }
  }

  /**
   * The columns of the fields a user owns (names, e-mail, phone, avatar) that `input` changes, after the contact rules:
   * e-mail or phone must remain, and a changed one must not belong to someone else. Absent fields stay unchanged.
   */
  async function profileValues(
    tx: Db,
    current: repo.UserRecord,
    input: ProfileUpdate,
  ): Promise<Partial<repo.NewUserRow>> {
    const email = input.email === undefined ? current.email : (input.email?.toLowerCase() ?? null);
    const phone = input.phone === undefined ? current.phone : input.phone;
    if (!email && !phone)
      throw new BadRequestError(USER_MESSAGES.contactRequired, { email: USER_MESSAGES.contactRequired });
    await checkUnique(
      tx,
      input.email === undefined ? null : email,
      input.phone === undefined ? null : phone,
      current.id,
    );
    const values: Partial<repo.NewUserRow> = {};
    if (input.email !== undefined) values.email = email;
    if (input.phone !== undefined) values.phone = phone;
    if (input.firstName !== undefined) values.firstName = input.firstName;
    if (input.lastName !== undefined) values.lastName = input.lastName;
    if (input.avatar !== undefined) values.avatar = input.avatar;
    return values;
  }

  /** Runs a write and turns a lost race on the unique indexes into the same 409 as the checks above. */
  async function guardUnique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === undefined) throw error;
      throw constraint.includes('phone') ? phoneTaken() : emailTaken();
    }
  }

  async function create({ auth, ip }: Actor, input: UserInput, role?: RoleRow): Promise<User> {
    const email = input.email?.toLowerCase() ?? null;
    const phone = input.phone ?? null;
    if (!email && !phone)
      throw new BadRequestError(USER_MESSAGES.contactRequired, { email: USER_MESSAGES.contactRequired });
    if (input.password !== undefined) assertAcceptablePassword(input.password, { email, phone });
    const passwordHash = await hashPassword(input.password ?? defaultPassword);
    const organisationId = toId(input.organisationId);
    return guardUnique(() =>
      db.transaction(async (tx) => {
        const granted = role ?? (await checkRole(auth, toId(input.roleId), tx));
        if (role && !isRoleWithinReach(auth, role))
          throw new ForbiddenError('You cannot assign a role with permissions you do not have.');
        await checkOrganisation(auth, organisationId, tx);
        await checkUnique(tx, email, phone);
        const now = clock();
        const id = await repo.insertUser(tx, {
          firstName: input.firstName,
          lastName: input.lastName,
          email,
          phone,
          avatar: input.avatar ?? null,
          passwordHash,
          // The brand's default password is known to everyone: the user must choose their own first (ASVS 2.3.1).
          mustChangePassword: input.password === undefined,
          roleId: granted.id,
          organisationId,
          isEnabled: input.isEnabled,
          createdAt: now,
          updatedAt: now,
        });
        await recordAudit(tx, {
          action: USER_AUDIT.created,
          actorUserId: auth.userId,
          organisationId,
          entity: 'user',
          entityId: id,
          detail: { email, phone, role: granted.name, defaultPassword: input.password === undefined },
          ip,
          at: now,
        });
        const created = await repo.findUser(tx, id);
        if (!created) throw new Error('created user not found');
        return toUser(created);
      }),
    );
  }

  return {
    async list(auth: AuthContext, query: UserListQuery, forcedRole?: string) {
      const page = await repo.listUsers(
        db,
        {
          orgIds: auth.orgIds,
          phone: query.phone ? normalisePhoneFilter(query.phone) : undefined,
          roleName: forcedRole ?? (query.role || undefined),
          roleId: query.roleId === undefined ? undefined : toId(query.roleId),
          organisationId: query.organisationId === undefined ? undefined : toId(query.organisationId),
        },
        query,
      );
      return mapPage(page, toUser);
    },

    async get(auth: AuthContext, id: bigint): Promise<User> {
      return toUser(await visible(auth, id, db));
    },

    create: (actor: Actor, input: UserInput) => create(actor, input),

    /** POST /users/rfcAdmin: the role is always RFC_ADMIN (a vendor administrator). */
    async createRfcAdmin(actor: Actor, input: RfcAdminInput): Promise<User> {
      const role = await findRoleByName(db, RFC_ADMIN_ROLE);
      if (!role) throw new Error(`Built-in role ${RFC_ADMIN_ROLE} is missing`);
      return create(actor, { ...input, roleId: String(role.id) }, role);
    },

    async update({ auth, ip }: Actor, id: bigint, input: UserUpdate): Promise<User> {
      return guardUnique(() =>
        db.transaction(async (tx) => {
          const current = await visible(auth, id, tx);
          checkReach(auth, current);
          const values: Partial<repo.NewUserRow> = { updatedAt: clock() };
          if (input.roleId !== undefined && toId(input.roleId) !== current.role.id) {
            // Nobody changes their own role, an administrator included (docs/security.md 4.1.x): another administrator
            // must, so that a stolen session cannot raise or re-shape its own permissions.
            if (id === auth.userId) {
              throw new ForbiddenError(OWN_ROLE_MESSAGE);
            }
            values.roleId = (await checkRole(auth, toId(input.roleId), tx)).id;
          }
          if (input.organisationId !== undefined && toId(input.organisationId) !== current.organisation.id) {
            values.organisationId = toId(input.organisationId);
            await checkOrganisation(auth, values.organisationId, tx);
          }
          if (input.isEnabled === false && id === auth.userId) {
            throw new BadRequestError('You cannot disable your own account.', {
              isEnabled: 'You cannot disable your own account',
            });
          }
          Object.assign(values, await profileValues(tx, current, input));
          if (input.isEnabled !== undefined) values.isEnabled = input.isEnabled;
          await repo.updateUser(tx, id, values);
          if (input.isEnabled === false && current.isEnabled) {
            // Disabling ends the user's sessions at once, not when their access token expires.
            await repo.bumpTokenVersion(tx, id);
            await revokeUserTokens(tx, id, clock());
          }
          await recordAudit(tx, {
            action: USER_AUDIT.updated,
            actorUserId: auth.userId,
            organisationId: values.organisationId ?? current.organisation.id,
            entity: 'user',
            entityId: id,
            detail: { fields: Object.keys(input) },
            ip,
          });
          const updated = await repo.findUser(tx, id);
          if (!updated) throw new NotFoundError(NOT_FOUND);
          return toUser(updated);
        }),
      );
    },

    /**
     * PUT /users/me: any signed-in user edits his own names, e-mail, phone and avatar. No scope or reach check: the
     * target is the caller, and nothing here widens what he may do (role, organisation, status are not in the body).
     */
    async updateProfile({ auth, ip }: Actor, input: ProfileUpdate): Promise<User> {
      return guardUnique(() =>
        db.transaction(async (tx) => {
          const current = await repo.findUser(tx, auth.userId);
          if (!current) throw new NotFoundError(NOT_FOUND);
          const values = await profileValues(tx, current, input);
          await repo.updateUser(tx, current.id, { ...values, updatedAt: clock() });
          await recordAudit(tx, {
            action: USER_AUDIT.profileUpdated,
            actorUserId: auth.userId,
            organisationId: current.organisation.id,
            entity: 'user',
            entityId: current.id,
            detail: { fields: Object.keys(input) },
            ip,
          });
          const updated = await repo.findUser(tx, current.id);
          if (!updated) throw new NotFoundError(NOT_FOUND);
          return toUser(updated);
        }),
      );
    },

    async remove({ auth, ip }: Actor, id: bigint): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await visible(auth, id, tx);
        if (id === auth.userId) throw new BadRequestError('You cannot delete your own account.');
        checkReach(auth, current);
        const now = clock();
        await repo.softDeleteUser(tx, id, now);
        await revokeUserTokens(tx, id, now);
        await recordAudit(tx, {
          action: USER_AUDIT.deleted,
          actorUserId: auth.userId,
          organisationId: current.organisation.id,
          entity: 'user',
          entityId: id,
          detail: { email: current.email, phone: current.phone },
          ip,
          at: now,
        });
      });
    },

    /** Moves a user to another organisation of the caller's subtree (associate-user-result-table), audited. */
    async associate({ auth, ip }: Actor, id: bigint, organisationId: bigint): Promise<User> {
      return db.transaction(async (tx) => {
        const current = await visible(auth, id, tx);
        checkReach(auth, current);
        await checkOrganisation(auth, organisationId, tx);
        const now = clock();
        if (organisationId !== current.organisation.id) {
          await repo.updateUser(tx, id, { organisationId, updatedAt: now });
          await recordAudit(tx, {
            action: USER_AUDIT.associated,
            actorUserId: auth.userId,
            organisationId,
            entity: 'user',
            entityId: id,
            detail: { from: String(current.organisation.id), to: String(organisationId) },
            ip,
            at: now,
          });
        }
        const updated = await repo.findUser(tx, id);
        if (!updated) throw new NotFoundError(NOT_FOUND);
        return toUser(updated);
      });
    },

    async setPassword({ auth, ip }: Actor, id: bigint, password: string): Promise<void> {
      if (id === auth.userId) {
        throw new BadRequestError('Use Change Password to change your own password.');
      }
      const passwordHash = await hashPassword(password);
      const target = await db.transaction(async (tx) => {
        const current = await visible(auth, id, tx);
        checkReach(auth, current);
        assertAcceptablePassword(password, current);
        const now = clock();
        await updatePassword(tx, id, passwordHash, now);
        await revokeUserTokens(tx, id, now);
        await recordAudit(tx, {
          action: USER_AUDIT.passwordSet,
          actorUserId: auth.userId,
          organisationId: current.organisation.id,
          entity: 'user',
          entityId: id,
          ip,
          at: now,
        });
        return current;
      });
      if (notify && target.email) {
        const message = passwordChangedMail({
          to: target.email,
          firstName: target.firstName,
          kind: 'set-by-admin',
          at: clock(),
          brand: notify.brand,
        });
        await notify.mailer.send(message).catch(() => undefined);
      }
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
