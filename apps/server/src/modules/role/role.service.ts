/**
 * Roles. Everyone may read their own role (the console loads permissions that way); other roles need the `role`
 * module. Built-in roles are shared by every organisation, so only SUPER_ADMIN edits them, and nobody edits
 * SUPER_ADMIN. A non-SUPER_ADMIN never grants a permission they do not hold, and never changes a role that users
 * outside their subtree depend on. Role changes apply on the holders' next request (AuthContext loads the role per
 * request).
 */
import {
  findModule,
  flattenAuthScopes,
  hasPermission,
  isSuperAdmin,
  type AuthScopes,
  type Role,
  type RoleInput,
  type RoleUpdate,
} from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../http/errors.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findOrganisation } from '../organisation/organisation.repository.ts';
import { canSeeOrganisation, isRoleWithinReach, toId, type Actor } from '../organisation/scope.ts';
import * as repo from './role.repository.ts';

export const ROLE_AUDIT = {
  created: 'role.created',
  updated: 'role.updated',
  deleted: 'role.deleted',
} as const;

const NOT_FOUND = 'Role not found.';
/** Least-privileged built-in role: soft-deleted users of a removed role are parked on it. */
const PARKING_ROLE = 'CUSTOM';

export function toRole(row: repo.RoleRow, withPermissions: boolean): Role {
  return {
    id: String(row.id),
    name: row.name,
    authScopes: row.authScopes,
    isBuiltin: row.isBuiltin,
    organisationId: row.organisationId === null ? null : String(row.organisationId),
    ...(withPermissions ? { permissions: flattenAuthScopes(row.name, row.authScopes) } : {}),
  };
}

/** Rejects module and action ids that are not in the catalogue (permissions.ts), field by field. */
export function validateAuthScopes(authScopes: AuthScopes): void {
  const errors: Record<string, string> = {};
  for (const [moduleId, scope] of Object.entries(authScopes)) {
    const mod = findModule(moduleId);
    if (!mod) {
      errors[`authScopes.${moduleId}`] = `Unknown module "${moduleId}"`;
      continue;
    }
    if (typeof scope === 'boolean') continue;
    for (const actionId of Object.keys(scope)) {
      if (!mod.actions.some((a) => a.id === actionId)) {
        errors[`authScopes.${moduleId}.${actionId}`] =
          `Unknown action "${actionId}" for module "${moduleId}"`;
      }
    }
  }
  const first = Object.values(errors)[0];
  if (first !== undefined) throw new BadRequestError(first, errors);
}

export interface RoleServiceDeps {
  db: Db;
  clock: Clock;
}

export function createRoleService({ db, clock }: RoleServiceDeps) {
  async function visible(auth: AuthContext, id: bigint, tx: Db): Promise<repo.RoleRow> {
    const [row] = await repo.listRoles(tx, { orgIds: auth.orgIds, id });
    if (!row) throw new NotFoundError(NOT_FOUND);
    return row;
  }

  /** Role names are unique case-insensitively (so no custom "admin" next to the built-in ADMIN). */
  async function checkNameFree(tx: Db, name: string, exceptId?: bigint): Promise<void> {
    const existing = await repo.findRoleByNameInsensitive(tx, name);
    if (existing && existing.id !== exceptId) {
      throw new ConflictError(`A role named "${existing.name}" already exists.`, {
        name: 'Choose another name',
      });
    }
  }

  /** What a non-SUPER_ADMIN must satisfy to change an existing role. */
  async function checkMayChange(auth: AuthContext, role: repo.RoleRow, tx: Db): Promise<void> {
    if (isSuperAdmin(role.name)) throw new ForbiddenError('The SUPER_ADMIN role cannot be changed.');
    if (isSuperAdmin(auth.roleName)) return;
    if (role.isBuiltin || role.organisationId === null) {
      throw new ForbiddenError(
        'Only a super administrator can change built-in roles: every organisation shares them.',
      );
    }
    if (!isRoleWithinReach(auth, role)) {
      throw new ForbiddenError('You cannot change a role that has permissions you do not have.');
    }
    if (await repo.isRoleUsedOutside(tx, role.id, auth.orgIds)) {
      throw new ForbiddenError(
        'This role is also used outside your organisation; only a super administrator can change it.',
      );
    }
  }

  function checkGrant(auth: AuthContext, name: string, authScopes: AuthScopes): void {
    validateAuthScopes(authScopes);
    if (!isRoleWithinReach(auth, { name, authScopes })) {
      throw new ForbiddenError('You cannot grant permissions that you do not have yourself.');
    }
  }

  return {
    async list(
      auth: AuthContext,
      query: { _id?: string | undefined; name?: string | undefined; hydrate?: string | undefined },
    ) {
      const rows = await repo.listRoles(db, {
        orgIds: auth.orgIds,
        ownRoleId: auth.roleId,
        id: query._id === undefined ? undefined : toId(query._id),
        name: query.name || undefined,
      });
      const readsAll = hasPermission(auth.roleName, auth.permissions, 'role');
      const withPermissions = (query.hydrate ?? '').split(',').includes('permissions');
      return rows.filter((r) => readsAll || r.id === auth.roleId).map((r) => toRole(r, withPermissions));
    },

    async create({ auth, ip }: Actor, input: RoleInput): Promise<Role> {
      checkGrant(auth, input.name, input.authScopes);
      let owner: bigint | null;
      if (input.organisationId === undefined)
        owner = isSuperAdmin(auth.roleName) ? null : auth.organisationId;
      else owner = input.organisationId === null ? null : toId(input.organisationId);
      if (owner === null && !isSuperAdmin(auth.roleName)) {
        throw new ForbiddenError('Only a super administrator can create platform-wide roles.');
      }
      return db.transaction(async (tx) => {
        if (owner !== null && (!canSeeOrganisation(auth, owner) || !(await findOrganisation(tx, owner)))) {
          throw new BadRequestError('The role must belong to your organisation or one below it.', {
            organisationId: 'Choose an organisation within your organisation',
          });
        }
        await checkNameFree(tx, input.name);
        const row = await repo.insertRole(tx, {
          name: input.name,
          authScopes: input.authScopes,
          isBuiltin: false,
          organisationId: owner,
          createdAt: clock(),
        });
        await recordAudit(tx, {
          action: ROLE_AUDIT.created,
          actorUserId: auth.userId,
          organisationId: owner,
          entity: 'role',
          entityId: row.id,
          detail: { name: row.name, authScopes: row.authScopes },
          ip,
        });
        return toRole(row, true);
      });
    },

    async update({ auth, ip }: Actor, id: bigint, input: RoleUpdate): Promise<Role> {
      return db.transaction(async (tx) => {
        const current = await visible(auth, id, tx);
        await checkMayChange(auth, current, tx);
        const values: Partial<repo.NewRoleRow> = {};
        if (input.name !== undefined && input.name !== current.name) {
          if (current.isBuiltin)
            throw new BadRequestError('Built-in roles cannot be renamed.', { name: 'Keep the name' });
          await checkNameFree(tx, input.name, id);
          values.name = input.name;
        }
        if (input.authScopes !== undefined) {
          checkGrant(auth, values.name ?? current.name, input.authScopes);
          values.authScopes = input.authScopes;
        }
        const row = Object.keys(values).length > 0 ? await repo.updateRole(tx, id, values) : current;
        if (!row) throw new NotFoundError(NOT_FOUND);
        await recordAudit(tx, {
          action: ROLE_AUDIT.updated,
          actorUserId: auth.userId,
          organisationId: row.organisationId,
          entity: 'role',
          entityId: id,
          detail: { name: row.name, before: current.authScopes, after: row.authScopes },
          ip,
        });
        return toRole(row, true);
      });
    },

    async remove({ auth, ip }: Actor, id: bigint): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await visible(auth, id, tx);
        if (current.isBuiltin) throw new BadRequestError('Built-in roles cannot be deleted.');
        await checkMayChange(auth, current, tx);
        const holders = await repo.countRoleUsers(tx, id);
        if (holders.live > 0) {
          throw new ConflictError(
            `This role is assigned to ${holders.live} user${holders.live === 1 ? '' : 's'}. Give them another role first.`,
          );
        }
        if (holders.deleted > 0) {
          const parking = await repo.findRoleByName(tx, PARKING_ROLE);
          if (!parking) throw new Error(`Built-in role ${PARKING_ROLE} is missing`);
          await repo.reassignDeletedUsers(tx, id, parking.id);
        }
        await repo.deleteRole(tx, id);
        await recordAudit(tx, {
          action: ROLE_AUDIT.deleted,
          actorUserId: auth.userId,
          organisationId: current.organisationId,
          entity: 'role',
          entityId: id,
          detail: { name: current.name },
          ip,
        });
      });
    },
  };
}

export type RoleService = ReturnType<typeof createRoleService>;
