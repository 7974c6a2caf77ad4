/**
 * Rules of the organisation tree: a caller works inside their own subtree; only SUPER_ADMIN creates platform
 * organisations or roots; a tree never gets a cycle; nobody deletes their own organisation, and an organisation with
 * live sub-organisations or users is not deleted. Every change is audited.
 */
import {
  isSuperAdmin,
  type Organisation,
  type OrganisationInput,
  type OrganisationListQuery,
  type OrganisationUpdate,
} from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { mapPage } from '../../db/list-query.ts';
import { visibleOrganisationIds } from '../../db/organisation-scope.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../http/errors.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import * as repo from './organisation.repository.ts';
import { canSeeOrganisation, toId, type Actor } from './scope.ts';

export const ORGANISATION_AUDIT = {
  created: 'organisation.created',
  updated: 'organisation.updated',
  deleted: 'organisation.deleted',
  settingsUpdated: 'organisation.settings-updated',
} as const;

const NOT_FOUND = 'Organisation not found.';
const DEFAULT_ADDRESS = { country: 'India', landmark: '', pin: '', city: '', state: '' };

export function toOrganisation(row: repo.OrganisationRow): Organisation {
  return {
    id: String(row.id),
    parentId: row.parentId === null ? null : String(row.parentId),
    kind: row.kind,
    tradeName: row.tradeName,
    brandName: row.brandName,
    contact: row.contact,
    email: row.email,
    address: { ...DEFAULT_ADDRESS, ...row.address },
    logo: row.logo,
    gst: row.gst,
    isOnboarded: row.isOnboarded,
    deleted: row.deleted,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface OrganisationServiceDeps {
  db: Db;
  clock: Clock;
}

export function createOrganisationService({ db, clock }: OrganisationServiceDeps) {
  /** A live organisation inside the caller's scope, else 404. */
  async function visible(auth: AuthContext, id: bigint, tx: Db = db): Promise<repo.OrganisationRow> {
    const row = canSeeOrganisation(auth, id) ? await repo.findOrganisation(tx, id) : undefined;
    if (!row) throw new NotFoundError(NOT_FOUND);
    return row;
  }

  /** The parent a new or moved organisation may hang under. */
  async function checkParent(auth: AuthContext, parentId: bigint | null, tx: Db): Promise<void> {
    if (parentId === null) {
      if (!isSuperAdmin(auth.roleName)) {
        throw new ForbiddenError('Only a super administrator can create a top-level organisation.');
      }
      return;
    }
    const parent = canSeeOrganisation(auth, parentId) ? await repo.findOrganisation(tx, parentId) : undefined;
    if (!parent) {
      throw new BadRequestError('The parent organisation must be your organisation or one below it.', {
        parentId: 'Choose an organisation within your organisation',
      });
    }
  }

  function checkKind(auth: AuthContext, kind: Organisation['kind'] | undefined): void {
    if (kind === 'PLATFORM' && !isSuperAdmin(auth.roleName)) {
      throw new ForbiddenError('Only a super administrator can create or edit platform organisations.');
    }
  }

  return {
    async list(auth: AuthContext, query: OrganisationListQuery) {
      const filter: repo.OrganisationFilter = {
        orgIds: auth.orgIds,
        kind: query.kind,
        parentId: query.parentId === undefined ? undefined : toId(query.parentId),
      };
      const page = await repo.listOrganisations(db, filter, query);
      return mapPage(page, (row) => ({ ...toOrganisation(row), parentName: row.parentName }));
    },

    async get(auth: AuthContext, id: bigint): Promise<Organisation> {
      const row = await visible(auth, id);
      const parent = row.parentId === null ? undefined : await repo.findOrganisation(db, row.parentId);
      return { ...toOrganisation(row), parentName: parent?.tradeName ?? null };
    },

    async create({ auth, ip }: Actor, input: OrganisationInput): Promise<Organisation> {
      checkKind(auth, input.kind);
      // Without a parent the new organisation goes under the caller's own; an explicit null asks for a root.
      const parentId =
        input.parentId === undefined
          ? auth.organisationId
          : input.parentId === null
            ? null
            : toId(input.parentId);
      return db.transaction(async (tx) => {
        await checkParent(auth, parentId, tx);
        const now = clock();
        const row = await repo.insertOrganisation(tx, {
          kind: input.kind,
          parentId,
          tradeName: input.tradeName,
          brandName: input.brandName ?? null,
          contact: input.contact ?? null,
          email: input.email?.toLowerCase() ?? null,
          address: { ...DEFAULT_ADDRESS, ...input.address },
          logo: input.logo ?? null,
          gst: input.gst ?? null,
          isOnboarded: input.isOnboarded ?? false,
          createdAt: now,
          updatedAt: now,
        });
        await recordAudit(tx, {
          action: ORGANISATION_AUDIT.created,
          actorUserId: auth.userId,
          organisationId: row.id,
          entity: 'organisation',
          entityId: row.id,
          detail: {
            tradeName: row.tradeName,
            kind: row.kind,
            parentId: parentId === null ? null : String(parentId),
          },
          ip,
          at: now,
        });
        return toOrganisation(row);
      });
    },

    async update({ auth, ip }: Actor, id: bigint, input: OrganisationUpdate): Promise<Organisation> {
      return db.transaction(async (tx) => {
        const current = await visible(auth, id, tx);
        if (current.kind === 'PLATFORM' || input.kind !== undefined)
          checkKind(auth, input.kind ?? current.kind);
        const values: Partial<repo.NewOrganisationRow> = { updatedAt: clock() };
        if (input.parentId !== undefined) {
          const parentId = input.parentId === null ? null : toId(input.parentId);
          if (parentId !== current.parentId) {
            if (id === auth.organisationId && !isSuperAdmin(auth.roleName)) {
              throw new ForbiddenError('You cannot move your own organisation.');
            }
            await checkParent(auth, parentId, tx);
            if (parentId !== null && (await visibleOrganisationIds(tx, id)).includes(parentId)) {
              throw new BadRequestError(
                'An organisation cannot be moved under itself or one of its own sub-organisations.',
                {
                  parentId: 'Choose an organisation outside this one',
                },
              );
            }
            values.parentId = parentId;
          }
        }
        if (input.kind !== undefined) values.kind = input.kind;
        if (input.tradeName !== undefined) values.tradeName = input.tradeName;
        if (input.brandName !== undefined) values.brandName = input.brandName;
        if (input.contact !== undefined) values.contact = input.contact;
        if (input.email !== undefined) values.email = input.email?.toLowerCase() ?? null;
        // The address is replaced as a whole (the contract fills absent parts with their defaults).
        if (input.address !== undefined) values.address = { ...DEFAULT_ADDRESS, ...input.address };
        if (input.logo !== undefined) values.logo = input.logo;
        if (input.gst !== undefined) values.gst = input.gst;
        if (input.isOnboarded !== undefined) values.isOnboarded = input.isOnboarded;
        const row = await repo.updateOrganisation(tx, id, values);
        if (!row) throw new NotFoundError(NOT_FOUND);
        await recordAudit(tx, {
          action: ORGANISATION_AUDIT.updated,
          actorUserId: auth.userId,
          organisationId: id,
          entity: 'organisation',
          entityId: id,
          detail: { fields: Object.keys(input) },
          ip,
        });
        return toOrganisation(row);
      });
    },

    async remove({ auth, ip }: Actor, id: bigint): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await visible(auth, id, tx);
        if (id === auth.organisationId) throw new ForbiddenError('You cannot delete your own organisation.');
        if (current.kind === 'PLATFORM') checkKind(auth, current.kind);
        const children = await repo.countLiveChildren(tx, id);
        if (children > 0) {
          throw new ConflictError(
            `This organisation still has ${children} sub-organisation${children === 1 ? '' : 's'}. Delete or move them first.`,
          );
        }
        const members = await repo.countLiveUsers(tx, id);
        if (members > 0) {
          throw new ConflictError(
            `This organisation still has ${members} user${members === 1 ? '' : 's'}. Delete them or move them to another organisation first.`,
          );
        }
        await repo.updateOrganisation(tx, id, { deleted: true, updatedAt: clock() });
        await recordAudit(tx, {
          action: ORGANISATION_AUDIT.deleted,
          actorUserId: auth.userId,
          organisationId: id,
          entity: 'organisation',
          entityId: id,
          detail: { tradeName: current.tradeName },
          ip,
        });
      });
    },

    async getSettings(auth: AuthContext, id: bigint): Promise<Record<string, unknown>> {
      await visible(auth, id);
      return (await repo.findSettings(db, id)) ?? {};
    },

    async putSettings(
      { auth, ip }: Actor,
      id: bigint,
      settings: Record<string, unknown>,
    ): Promise<Record<string, unknown>> {
      return db.transaction(async (tx) => {
        await visible(auth, id, tx);
        const now = clock();
        // `derive` belongs to /organisation/derive-settings (validated, and it tells the gateways), `retention` to
        // /organisation/retention-settings (validated): both kept as stored.
        const { derive: _ignored, retention: _ignoredToo, ...rest } = settings;
        const current = await repo.findSettings(tx, id);
        const saved = { ...rest };
        for (const key of ['derive', 'retention'] as const)
          if (current?.[key] !== undefined) saved[key] = current[key];
        await repo.upsertSettings(tx, id, saved, now);
        await recordAudit(tx, {
          action: ORGANISATION_AUDIT.settingsUpdated,
          actorUserId: auth.userId,
          organisationId: id,
          entity: 'organisation_settings',
          entityId: id,
          detail: { keys: Object.keys(settings) },
          ip,
          at: now,
        });
        return saved;
      });
    },
  };
}

export type OrganisationService = ReturnType<typeof createOrganisationService>;
