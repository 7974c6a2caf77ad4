/**
 * Device lifecycle (spec 02 §4: NEW → ALLOCATED → INSTALLED, DEFECTED): allocation down the organisation tree and its
 * rollback (single and bulk, per-device results), status changes limited to DEVICE_STATUS_TRANSITIONS, firmware
 * updates queued through the command service, and temporary (debug) devices that expire.
 */
import {
  DEVICE_STATUS_TRANSITIONS,
  type BulkResult,
  type BulkRowResult,
  type Device,
  type DeviceFirmwareResult,
  type DeviceStatus,
  type DeviceProtocol,
} from '@civicfleet/shared';
import type { Bus } from '../../bus/bus.ts';
import type { Db } from '../../db/client.ts';
import { visibleOrganisationIds } from '../../db/organisation-scope.ts';
import { AppError, BadRequestError, ForbiddenError, NotFoundError } from '../../http/errors.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { createCommandService } from '../command/command.service.ts';
import { canSeeOrganisation, toId, type Actor } from '../organisation/scope.ts';
import { firmwareCommandText } from './device-firmware.ts';
import * as repo from './device.repository.ts';
import { DEVICE_AUDIT, imeiTaken, toDevice, type DeviceService } from './device.service.ts';

type Refs = { ids?: string[] | undefined; imeis?: string[] | undefined };

export function createDeviceLifecycleService(deps: {
  db: Db;
  bus: Bus;
  clock: Clock;
  devices: DeviceService;
}) {
  const { db, clock, devices } = deps;
  const commands = createCommandService({ db, bus: deps.bus, clock });

  async function audit(actor: Actor, action: string, row: repo.DeviceRow, detail: Record<string, unknown>) {
    await recordAudit(db, {
      action,
      actorUserId: actor.auth.userId,
      organisationId: row.organisation.id,
      entity: 'device',
      entityId: row.id,
      detail: { imei: row.imei, ...detail },
      ip: actor.ip,
      at: clock(),
    });
  }

  /** NEW → ALLOCATED, to an organisation strictly below the device's owner (hence within the caller's tree). */
  async function allocateRow(actor: Actor, row: repo.DeviceRow, target: bigint): Promise<void> {
    if (row.status !== 'NEW') {
      throw new BadRequestError(`Only a NEW device can be allocated; ${row.imei} is ${row.status}.`, {
        status: `Is ${row.status}`,
      });
    }
    const below = await visibleOrganisationIds(db, row.organisation.id);
    if (
      target === row.organisation.id ||
      !below.includes(target) ||
      !canSeeOrganisation(actor.auth, target)
    ) {
      throw new BadRequestError('Devices are allocated to an organisation below their current owner.', {
        organisationId: 'Not below the current owner',
      });
    }
    await repo.updateDevice(db, row.id, {
      status: 'ALLOCATED',
      organisationId: target,
      allocatedFromOrganisationId: row.organisation.id,
      updatedAt: clock(),
    });
    await audit(actor, DEVICE_AUDIT.allocated, row, {
      from: String(row.organisation.id),
      to: String(target),
    });
  }

  /** ALLOCATED → NEW, back to the organisation that allocated it; the caller must see that organisation. */
  async function rollbackRow(actor: Actor, row: repo.DeviceRow): Promise<void> {
    if (row.status !== 'ALLOCATED' || row.allocatedFromOrganisationId === null) {
      throw new BadRequestError(
        row.status === 'INSTALLED'
          ? `${row.imei} is INSTALLED on a vehicle and cannot be rolled back.`
          : `Only an ALLOCATED device can be rolled back; ${row.imei} is ${row.status}.`,
        { status: `Is ${row.status}` },
      );
    }
    if (!canSeeOrganisation(actor.auth, row.allocatedFromOrganisationId)) {
      throw new ForbiddenError('Only the allocating organisation can roll this device back.');
    }
    await repo.updateDevice(db, row.id, {
      status: 'NEW',
      organisationId: row.allocatedFromOrganisationId,
      allocatedFromOrganisationId: null,
      updatedAt: clock(),
    });
    await audit(actor, DEVICE_AUDIT.rolledBack, row, {
      from: String(row.organisation.id),
      to: String(row.allocatedFromOrganisationId),
    });
  }

  /** Runs `act` per referenced device; unknown / invisible references and rule failures become failed rows. */
  async function bulk(
    auth: AuthContext,
    refs: Refs,
    act: (row: repo.DeviceRow) => Promise<void>,
  ): Promise<BulkResult> {
    const keys = refs.ids ?? refs.imeis ?? [];
    const found = await repo.findDevicesByRefs(
      db,
      { ids: refs.ids?.map(toId), imeis: refs.imeis },
      auth.orgIds,
    );
    const byKey = new Map(found.map((r) => [refs.ids ? String(r.id) : r.imei, r]));
    const results: BulkRowResult[] = [];
    for (const [index, key] of keys.entries()) {
      const row = byKey.get(key);
      if (!row) {
        results.push({ row: index + 1, key, ok: false, message: 'Device not found.', id: null });
        continue;
      }
      try {
        await act(row);
        results.push({ row: index + 1, key, ok: true, message: 'Done', id: String(row.id) });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        results.push({ row: index + 1, key, ok: false, message: error.message, id: String(row.id) });
      }
    }
    const succeeded = results.filter((r) => r.ok).length;
    return { succeeded, failed: results.length - succeeded, results };
  }

  async function targetOrganisation(auth: AuthContext, organisationId: string): Promise<bigint> {
    const id = toId(organisationId);
    if (!canSeeOrganisation(auth, id) || !(await repo.findLiveOrganisation(db, id))) {
      throw new NotFoundError('Organisation not found.');
    }
    return id;
  }

  return {
    async allocate(actor: Actor, id: bigint, organisationId: string): Promise<Device> {
      const row = await devices.scoped(actor.auth, id);
      await allocateRow(actor, row, await targetOrganisation(actor.auth, organisationId));
      return devices.get(actor.auth, id);
    },

    async allocateBulk(actor: Actor, refs: Refs, organisationId: string): Promise<BulkResult> {
      const target = await targetOrganisation(actor.auth, organisationId);
      return bulk(actor.auth, refs, (row) => allocateRow(actor, row, target));
    },

    async rollback(actor: Actor, id: bigint): Promise<Device> {
      await rollbackRow(actor, await devices.scoped(actor.auth, id));
      return devices.get(actor.auth, id);
    },

    async rollbackBulk(actor: Actor, refs: Refs): Promise<BulkResult> {
      return bulk(actor.auth, refs, (row) => rollbackRow(actor, row));
    },

    async changeStatus(actor: Actor, id: bigint, status: DeviceStatus): Promise<Device> {
      const row = await devices.scoped(actor.auth, id);
      const allowed = DEVICE_STATUS_TRANSITIONS[row.status];
      if (!allowed.includes(status)) {
        const hint =
          row.status === 'NEW' && status === 'ALLOCATED'
            ? ' Use allocate instead.'
            : row.status === 'ALLOCATED' && status === 'NEW'
              ? ' Use rollback instead.'
              : '';
        throw new BadRequestError(`A device cannot go from ${row.status} to ${status}.${hint}`, {
          status: `${row.status} → ${status} is not allowed`,
        });
      }
      if (row.status === 'INSTALLED' && status === 'ALLOCATED' && row.vehicleId !== null) {
        throw new BadRequestError(
          `The device is still linked to ${row.registrationNumber ?? 'a vehicle'}: unlink it first.`,
          { status: 'Linked to a vehicle' },
        );
      }
      await repo.updateDevice(db, row.id, { status, updatedAt: clock() });
      await audit(actor, DEVICE_AUDIT.statusChanged, row, { from: row.status, to: status });
      return devices.get(actor.auth, id);
    },

    async updateFirmware(
      actor: Actor,
      id: bigint,
      body: { version: string; url?: string | undefined },
    ): Promise<DeviceFirmwareResult> {
      const row = await devices.scoped(actor.auth, id);
      const text = firmwareCommandText(row.protocol, body.version, body.url);
      const command = await commands.send(actor.auth, {
        deviceId: String(row.id),
        type: 'custom',
        params: { text },
      });
      await repo.updateDevice(db, row.id, { targetFirmware: body.version, updatedAt: clock() });
      await audit(actor, DEVICE_AUDIT.firmwareUpdate, row, {
        version: body.version,
        commandId: command.id,
      });
      return { device: await devices.get(actor.auth, id), commandId: command.id, text };
    },

    /** The temporary devices of the caller's organisations still active (the debug page's list; at most 200). */
    async listTemporary(auth: AuthContext): Promise<Device[]> {
      const now = clock();
      await repo.expireTemporaryDevices(db, now);
      return (await repo.listTemporaryDevices(db, auth.orgIds, now)).map(toDevice);
    },

    /** A bench/debug device in the caller's organisation, soft-deleted once `expiresInMinutes` have passed. */
    async createTemporary(
      actor: Actor,
      input: { imei: string; protocol?: DeviceProtocol | undefined; expiresInMinutes: number },
    ): Promise<Device> {
      const now = clock();
      // An expired temporary device frees its IMEI even if no read has swept it yet (bench testers reuse IMEIs).
      await repo.expireTemporaryDevices(db, now);
      const existing = await repo.findAnyByImei(db, input.imei);
      if (existing && !existing.deleted) throw imeiTaken();
      const values = {
        imei: input.imei,
        protocol: input.protocol ?? null,
        organisationId: actor.auth.organisationId,
        model: 'TEMPORARY',
        status: 'NEW' as const,
        deleted: false,
        expiresAt: new Date(now.getTime() + input.expiresInMinutes * 60_000),
        updatedAt: now,
      };
      let id: bigint;
      if (existing) {
        id = existing.id;
        await repo.updateDevice(db, id, { ...values, createdAt: now, allocatedFromOrganisationId: null });
      } else {
        id = await repo.createDevice(db, { ...values, createdAt: now });
      }
      const row = await devices.scoped(actor.auth, id);
      await audit(actor, DEVICE_AUDIT.temporaryCreated, row, { expiresAt: values.expiresAt.toISOString() });
      return toDevice(row);
    },
  };
}
