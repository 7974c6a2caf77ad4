/**
 * Writing zones → circles → wards: parent rules (a zone has no parent; a circle's parent is a zone, a ward's a
 * circle, of the same organisation), polygon geometry, delete only when nothing points at the division, GeoJSON / KML
 * import with a result per feature. Every write is audited; a write that touches a ward tells the gateways to reload
 * the organisation's fences (wards are fences `d<id>`, docs/derivations.md).
 */
import {
  AreaGeometrySchema,
  type AdminDivisionCreate,
  type AdminDivisionImport,
  type AdminDivisionImportResult,
  type AdminDivisionType,
  type AdminDivisionUpdate,
} from '@civicfleet/shared';
import type { Bus } from '../../bus/bus.ts';
import type { Db } from '../../db/client.ts';
import { publishDeriveContextChange } from '../../gateway/ingest/derive-context-db.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { resolveOwnerOrganisation } from '../organisation/owner-organisation.ts';
import { toId, type Actor } from '../organisation/scope.ts';
import * as repo from './admin-division-write.repository.ts';
import { findAdminDivision } from './admin-division.repository.ts';
import { readImportFeatures, type ImportFeature } from './import-features.ts';

export const PARENT_TYPE: Record<AdminDivisionType, AdminDivisionType | null> = {
  ZONE: null,
  CIRCLE: 'ZONE',
  WARD: 'CIRCLE',
};
export const ADMIN_DIVISION_MESSAGES = {
  notFound: 'Admin division not found.',
  zoneParent: 'A zone has no parent',
  parent: (type: AdminDivisionType) =>
    `The parent of a ${type.toLowerCase()} must be a ${PARENT_TYPE[type]?.toLowerCase()} of the same organisation`,
  inUse: 'This division is still used by sub-divisions, vehicles, POIs or recorded visits',
} as const;

export function createAdminDivisionWriteService({ db, bus }: { db: Db; bus: Bus }) {
  async function checkParent(
    organisationId: bigint,
    type: AdminDivisionType,
    parentId: string | null | undefined,
  ): Promise<bigint | null> {
    const wanted = PARENT_TYPE[type];
    if (wanted === null) {
      if (parentId !== undefined && parentId !== null)
        throw new BadRequestError(ADMIN_DIVISION_MESSAGES.zoneParent, {
          parentId: ADMIN_DIVISION_MESSAGES.zoneParent,
        });
      return null;
    }
    const parent = parentId ? await repo.findOwnDivision(db, organisationId, toId(parentId)) : undefined;
    if (!parent || parent.type !== wanted) {
      const message = ADMIN_DIVISION_MESSAGES.parent(type);
      throw new BadRequestError(message, { parentId: message });
    }
    return parent.id;
  }

  const audit = (db: Db, actor: Actor, action: string, organisationId: bigint, id: bigint, detail: object) =>
    recordAudit(db, {
      action,
      actorUserId: actor.auth.userId,
      organisationId,
      entity: 'admin-division',
      entityId: id,
      detail: { ...detail },
      ip: actor.ip,
    });

  return {
    async create(actor: Actor, input: AdminDivisionCreate): Promise<bigint> {
      const organisationId = await resolveOwnerOrganisation(db, actor.auth, input.organisationId);
      const parentId = await checkParent(organisationId, input.type, input.parentId);
      const id = await db.transaction(async (tx) => {
        const newId = await repo.insertAdminDivision(tx, {
          organisationId,
          type: input.type,
          name: input.name,
          code: input.code ?? null,
          parentId,
          geometry: (input.geometry as Record<string, unknown> | null | undefined) ?? null,
        });
        await audit(tx, actor, 'admin-division.created', organisationId, newId, {
          type: input.type,
          name: input.name,
        });
        return newId;
      });
      if (input.type === 'WARD' && input.geometry) publishDeriveContextChange(bus, organisationId);
      return id;
    },

    async update(actor: Actor, id: bigint, input: AdminDivisionUpdate): Promise<void> {
      const current = await findAdminDivision(db, id, actor.auth.orgIds);
      if (!current) throw new NotFoundError(ADMIN_DIVISION_MESSAGES.notFound);
      const parentId = await checkParent(current.organisationId, current.type, input.parentId);
      await db.transaction(async (tx) => {
        await repo.updateAdminDivision(tx, id, {
          name: input.name,
          code: input.code ?? null,
          parentId,
          geometry: (input.geometry as Record<string, unknown> | null | undefined) ?? null,
        });
        await audit(tx, actor, 'admin-division.updated', current.organisationId, id, {
          before: {
            name: current.name,
            parentId: current.parentId === null ? null : String(current.parentId),
          },
          after: { name: input.name, parentId: parentId === null ? null : String(parentId) },
        });
      });
      if (current.type === 'WARD') publishDeriveContextChange(bus, current.organisationId);
    },

    async remove(actor: Actor, id: bigint): Promise<void> {
      const current = await findAdminDivision(db, id, actor.auth.orgIds);
      if (!current) throw new NotFoundError(ADMIN_DIVISION_MESSAGES.notFound);
      const uses = await repo.usesOf(db, id);
      if (uses.children + uses.vehicles + uses.pois + uses.visits > 0)
        throw new ConflictError(ADMIN_DIVISION_MESSAGES.inUse);
      await db.transaction(async (tx) => {
        await repo.deleteAdminDivision(tx, id);
        await audit(tx, actor, 'admin-division.deleted', current.organisationId, id, {
          type: current.type,
          name: current.name,
        });
      });
      if (current.type === 'WARD') publishDeriveContextChange(bus, current.organisationId);
    },

    /**
     * Zones first, then circles, then wards, so a parent may come later in the file; a parent is found by name or
     * code (case-insensitive) among the organisation's divisions, those just imported included. One bad feature does
     * not stop the others.
     */
    async importFile(actor: Actor, input: AdminDivisionImport): Promise<AdminDivisionImportResult> {
      const organisationId = await resolveOwnerOrganisation(db, actor.auth, input.organisationId);
      let features: ImportFeature[];
      try {
        features = readImportFeatures(input.format, input.content);
      } catch (error) {
        const message = error instanceof Error ? error.message : 'The file could not be read';
        throw new BadRequestError(message, { content: message });
      }
      const known = await repo.divisionsOf(db, organisationId);
      const byKey = new Map<string, { id: bigint; type: AdminDivisionType }>();
      const remember = (d: { id: bigint; type: AdminDivisionType; name: string; code: string | null }) => {
        byKey.set(`${d.type}:${d.name.toLowerCase()}`, d);
        if (d.code) byKey.set(`${d.type}:${d.code.toLowerCase()}`, d);
      };
      known.forEach(remember);
      const results: AdminDivisionImportResult['features'] = [];
      const order: AdminDivisionType[] = ['ZONE', 'CIRCLE', 'WARD'];
      const sorted = [...features].sort(
        (a, b) => order.indexOf(a.type as AdminDivisionType) - order.indexOf(b.type as AdminDivisionType),
      );
      let wards = 0;
      for (const f of sorted) {
        const fail = (error: string) => results.push({ index: f.index, name: f.name, id: null, error });
        const type = f.type as AdminDivisionType;
        if (!order.includes(type)) fail('The type must be ZONE, CIRCLE or WARD');
        else if (!f.name) fail('The name is required');
        else {
          const geometry = AreaGeometrySchema.safeParse(f.geometry);
          const parentType = PARENT_TYPE[type];
          const parent =
            parentType && f.parent ? byKey.get(`${parentType}:${f.parent.toLowerCase()}`) : undefined;
          if (!geometry.success) fail(geometry.error.issues[0]?.message ?? 'Invalid geometry');
          else if (parentType && !parent) fail(ADMIN_DIVISION_MESSAGES.parent(type));
          else {
            const id = await db.transaction(async (tx) => {
              const newId = await repo.insertAdminDivision(tx, {
                organisationId,
                type,
                name: f.name ?? '',
                code: f.code,
                parentId: parent?.id ?? null,
                geometry: geometry.data as Record<string, unknown>,
              });
              await audit(tx, actor, 'admin-division.imported', organisationId, newId, {
                type,
                name: f.name,
              });
              return newId;
            });
            remember({ id, type, name: f.name, code: f.code });
            if (type === 'WARD') wards += 1;
            results.push({ index: f.index, name: f.name, id: String(id), error: null });
          }
        }
      }
      if (wards > 0) publishDeriveContextChange(bus, organisationId);
      results.sort((a, b) => a.index - b.index);
      const created = results.filter((r) => r.id !== null).length;
      return { created, failed: results.length - created, features: results };
    },
  };
}
