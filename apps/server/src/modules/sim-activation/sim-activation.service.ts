/**
 * SIM activation orders (README.md): raised by a vendor for a device of its scope, addressed to the device's
 * manufacturer; edited and moved through their statuses only by SUPER_ADMIN or a user of that manufacturer
 * organisation. COMPLETED and REJECTED are final. DONE records the SIMs on the order and on the device.
 */
import {
  SIM_ACTIVATION_MESSAGES as MSG,
  hasPermission,
  isSimOrderLocked,
  isSuperAdmin,
  type ListPage,
  type SimActivationInput,
  type SimActivationListQuery,
  type SimActivationOrder,
  type SimActivationUpdate,
  type SimDetails,
  type SimOrderStatusChoice,
  type SimStatusChange,
} from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { mapPage } from '../../db/list-query.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../http/errors.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { toId, type Actor } from '../organisation/scope.ts';
import { nearestOrganisationOfKind } from '../../db/organisation-scope.ts';
import * as repo from './sim-activation.repository.ts';

const MODULE = 'sim-activation-order';

function fullName(first: string | null, last: string | null): string {
  return [first, last].filter((part) => part !== null && part !== '').join(' ');
}

export function toSimActivationOrder(row: repo.SimOrderRecord): SimActivationOrder {
  const o = row.order;
  return {
    id: String(o.id),
    deviceId: String(o.deviceId),
    imei: o.imei,
    uid: row.iccid,
    status: o.status,
    durationInDays: o.durationInDays,
    ips: o.ips,
    numbers: o.numbers,
    organisation: { id: String(o.organisationId), name: row.organisationName },
    manufacturer:
      o.manufacturerOrganisationId === null || row.manufacturerName === null
        ? null
        : { id: String(o.manufacturerOrganisationId), name: row.manufacturerName },
    simDetails: o.simDetails,
    isSimActivated: o.isSimActivated,
    simActivationApprovedBy:
      o.simActivationApprovedByUserId === null
        ? null
        : {
            id: String(o.simActivationApprovedByUserId),
            name: fullName(row.approverFirstName, row.approverLastName),
          },
    simActivationDate: o.simActivationDate?.toISOString() ?? null,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

/** SUPER_ADMIN, or a user whose organisation is the order's manufacturer (spec 02 §6). */
export function canManageOrder(auth: AuthContext, manufacturerOrganisationId: bigint | null): boolean {
  return isSuperAdmin(auth.roleName) || auth.organisationId === manufacturerOrganisationId;
}

export function createSimActivationService({ db, clock }: { db: Db; clock: Clock }) {
  async function visible(auth: AuthContext, id: bigint): Promise<repo.SimOrderRecord> {
    const row = await repo.findOrder(db, id, auth.orgIds);
    if (!row) throw new NotFoundError(MSG.notFound);
    return row;
  }

  async function checkPlan(durationInDays: number): Promise<void> {
    if (!(await repo.isActivePlanDuration(db, durationInDays)))
      throw new BadRequestError(MSG.noPlan, { durationInDays: MSG.noPlan });
  }

  async function checkNoOpenOrder(tx: Db, deviceId: bigint, exceptId?: bigint): Promise<void> {
    const open = await repo.findOpenOrder(tx, deviceId, exceptId);
    if (open) {
      const message = `${MSG.openOrder} (#${open.id}, ${open.status})`;
      throw new ConflictError(message, { imei: message });
    }
  }

  const audit = (
    tx: Db,
    actor: Actor,
    action: string,
    order: { id: bigint; organisationId: bigint },
    detail: object,
  ) =>
    recordAudit(tx, {
      action,
      actorUserId: actor.auth.userId,
      organisationId: order.organisationId,
      entity: 'sim-activation-order',
      entityId: order.id,
      detail: { ...detail },
      ip: actor.ip,
    });

  function assertChangeable(actor: Actor, row: repo.SimOrderRecord, action: string): void {
    if (!hasPermission(actor.auth.roleName, actor.auth.permissions, MODULE, action))
      throw new ForbiddenError();
    if (!canManageOrder(actor.auth, row.order.manufacturerOrganisationId))
      throw new ForbiddenError(MSG.manufacturerOnly);
    if (isSimOrderLocked(row.order.status)) throw new ConflictError(MSG.locked(row.order.status));
  }

  /** Re-reads the status under a row lock: a concurrent change may have locked the order meanwhile. */
  async function lockChangeable(tx: Db, id: bigint): Promise<SimOrderStatusChoice> {
    const status = await repo.lockOrderStatus(tx, id);
    if (status === undefined) throw new NotFoundError(MSG.notFound);
    if (isSimOrderLocked(status)) throw new ConflictError(MSG.locked(status));
    return status;
  }

  async function edit(actor: Actor, row: repo.SimOrderRecord, input: SimActivationInput): Promise<void> {
    if (input.imei !== row.order.imei) throw new BadRequestError(MSG.imeiFixed, { imei: MSG.imeiFixed });
    await checkPlan(input.durationInDays);
    await db.transaction(async (tx) => {
      await lockChangeable(tx, row.order.id);
      await repo.updateOrder(tx, row.order.id, {
        ips: input.ips,
        numbers: input.numbers,
        durationInDays: input.durationInDays,
      });
      await audit(tx, actor, 'sim-activation.updated', row.order, {
        before: { ips: row.order.ips, numbers: row.order.numbers, durationInDays: row.order.durationInDays },
        after: { ips: input.ips, numbers: input.numbers, durationInDays: input.durationInDays },
      });
    });
  }

  async function changeStatus(
    actor: Actor,
    row: repo.SimOrderRecord,
    change: SimStatusChange,
  ): Promise<void> {
    await db.transaction(async (tx) => {
      const before = await lockChangeable(tx, row.order.id);
      if (change.status === 'DONE') {
        const { sim1, sim2, sim1_operator, sim2_operator, eSimProvider } = change;
        // The contract has already required all five for DONE; this narrows the types.
        if (!sim1 || !sim2 || !sim1_operator || !sim2_operator || !eSimProvider)
          throw new BadRequestError(MSG.doneDetails);
        const simDetails: SimDetails = { sim1, sim2, sim1_operator, sim2_operator, eSimProvider };
        await repo.updateOrder(tx, row.order.id, {
          status: 'DONE',
          simDetails,
          isSimActivated: true,
          simActivationApprovedByUserId: actor.auth.userId,
          simActivationDate: clock(),
        });
        await repo.writeDeviceSims(tx, row.order.deviceId, { sim1, sim2, esimProvider: eSimProvider });
      } else {
        await repo.updateOrder(tx, row.order.id, { status: change.status });
      }
      await audit(tx, actor, 'sim-activation.status-changed', row.order, {
        imei: row.order.imei,
        before,
        after: change.status,
        ...(change.status === 'DONE'
          ? { sim1: change.sim1, sim2: change.sim2, eSimProvider: change.eSimProvider }
          : {}),
      });
    });
  }

  return {
    async list(auth: AuthContext, query: SimActivationListQuery): Promise<ListPage<SimActivationOrder>> {
      const page = await repo.listOrders(
        db,
        {
          orgIds: auth.orgIds,
          status: query.simStatus,
          organisationId: query.organisation === undefined ? undefined : toId(query.organisation),
          imeiContains: query.imei,
          id: query._id === undefined ? undefined : toId(query._id),
        },
        query,
      );
      return mapPage(page, toSimActivationOrder);
    },

    async get(auth: AuthContext, id: bigint): Promise<SimActivationOrder> {
      return toSimActivationOrder(await visible(auth, id));
    },

    async create(actor: Actor, input: SimActivationInput): Promise<SimActivationOrder> {
      const { auth } = actor;
      const device = await repo.findScopedDeviceByImei(db, input.imei, auth.orgIds);
      if (!device) throw new BadRequestError(MSG.deviceNotFound, { imei: MSG.deviceNotFound });
      await checkPlan(input.durationInDays);
      const manufacturerOrganisationId = await nearestOrganisationOfKind(
        db,
        device.organisationId,
        'MANUFACTURER',
      );
      // A platform user raises on behalf of the device's owner; anyone else raises for their own organisation.
      const organisationId = isSuperAdmin(auth.roleName) ? device.organisationId : auth.organisationId;
      const id = await db.transaction(async (tx) => {
        await repo.lockDevice(tx, device.id);
        await checkNoOpenOrder(tx, device.id);
        const newId = await repo.insertOrder(tx, {
          deviceId: device.id,
          imei: input.imei,
          organisationId,
          manufacturerOrganisationId,
          ips: input.ips,
          numbers: input.numbers,
          durationInDays: input.durationInDays,
          status: 'INITIATED',
          createdByUserId: auth.userId,
        });
        await audit(
          tx,
          actor,
          'sim-activation.raised',
          { id: newId, organisationId },
          {
            imei: input.imei,
            durationInDays: input.durationInDays,
          },
        );
        return newId;
      });
      return this.get(auth, id);
    },

    async update(actor: Actor, id: bigint, update: SimActivationUpdate): Promise<SimActivationOrder> {
      const row = await visible(actor.auth, id);
      if (update.kind === 'status') {
        assertChangeable(actor, row, 'change-status-result-table');
        await changeStatus(actor, row, update);
      } else {
        assertChangeable(actor, row, 'edit-sim-activation-order-result-table');
        await edit(actor, row, update);
      }
      return this.get(actor.auth, id);
    },
  };
}
