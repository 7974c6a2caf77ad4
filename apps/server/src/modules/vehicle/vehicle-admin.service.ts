/**
 * Vehicle management: create, edit, soft delete, tracking on/off, device link/unlink, mail to the owner. Everything is
 * scoped to the caller's organisations (404 outside) and audited in the same transaction as the change.
 *
 * Device links: after a link change the devices are published on TOPICS.devices and every gateway re-reads their link
 * spans at their next frame (gateway/device-directory.ts refresh; at the latest after REFRESH_MS, 60 s). Positions are
 * attributed by fix time against the spans, so history stays right.
 */
import type { Brand, Vehicle, VehicleInput } from '@civicfleet/shared';
import { TOPICS, type Bus, type DevicesChangedMessage } from '../../bus/bus.ts';
import type { Db } from '../../db/client.ts';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../../http/errors.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { resolveOwnerOrganisation } from '../organisation/owner-organisation.ts';
import { canSeeOrganisation, toId, type Actor } from '../organisation/scope.ts';
import * as admin from './vehicle-admin.repository.ts';
import { vehicleMail } from './vehicle-mail.ts';
import * as repo from './vehicle.repository.ts';
import { toVehicle } from './vehicle.service.ts';

export const VEHICLE_AUDIT = {
  created: 'vehicle.created',
  updated: 'vehicle.updated',
  deleted: 'vehicle.deleted',
  tracking: 'vehicle.tracking-changed',
  linked: 'vehicle.device-linked',
  unlinked: 'vehicle.device-unlinked',
  mailed: 'vehicle.mailed',
} as const;

export const VEHICLE_MESSAGES = {
  notFound: 'Vehicle not found.',
  registrationTaken: 'A vehicle with this registration number already exists in this organisation.',
  futureRegDate: 'Registration date cannot be in the future.',
  deviceNotFound: 'Device not found.',
  deviceOtherOrganisation: "The device belongs to another organisation than the vehicle's.",
  notLinked: 'This vehicle has no linked device.',
  noOwnerEmail: 'This vehicle has no owner with an e-mail address.',
  ownerNotFound: 'Owner not found in this organisation.',
  groupNotFound: "Choose a group of the vehicle's organisation.",
  contractorNotFound: 'Choose a contractor organisation within your organisations.',
} as const;

const field = (name: string, message: string) => new BadRequestError(message, { [name]: message });

function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (code === '23505') return true;
    current = cause;
  }
  return false;
}

export interface VehicleAdminDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  brand: Brand;
  bus?: Bus;
}

export function createVehicleAdminService({ db, clock, mailer, brand, bus }: VehicleAdminDeps) {
  /** Gateways re-read these devices' links at their next frame. */
  function devicesChanged(...ids: (bigint | null | undefined)[]): void {
    const deviceIds = ids.filter((id): id is bigint => typeof id === 'bigint').map(String);
    if (deviceIds.length > 0) bus?.publish<DevicesChangedMessage>(TOPICS.devices, { deviceIds });
  }

  async function visible(auth: AuthContext, id: bigint): Promise<repo.VehicleRecord> {
    const row = await repo.findVehicle(db, id, auth.orgIds);
    if (!row) throw new NotFoundError(VEHICLE_MESSAGES.notFound);
    return row;
  }

  /**
   * Zone ⊃ circle ⊃ ward of the vehicle's organisation. A missing ancestor is filled from the child's parent, so a
   * ward alone places the vehicle in its circle and zone.
   */
  async function placement(organisationId: bigint, input: VehicleInput) {
    let zoneId = input.zoneId === null ? null : toId(input.zoneId);
    let circleId = input.circleId === null ? null : toId(input.circleId);
    const wardId = input.wardId === null ? null : toId(input.wardId);
    const ids = [zoneId, circleId, wardId].filter((v): v is bigint => v !== null);
    const rows = new Map((await admin.findDivisions(db, ids)).map((r) => [r.id, r]));
    const check = (id: bigint | null, type: 'ZONE' | 'CIRCLE' | 'WARD', name: string, label: string) => {
      if (id === null) return undefined;
      const row = rows.get(id);
      if (!row || row.organisationId !== organisationId || row.type !== type)
        throw field(name, `Choose a ${label} of the vehicle's organisation.`);
      return row;
    };
    const ward = check(wardId, 'WARD', 'wardId', 'ward');
    if (ward && circleId === null) circleId = ward.parentId;
    if (ward && ward.parentId !== circleId) throw field('wardId', 'The ward is not in the chosen circle.');
    if (circleId !== null && !rows.has(circleId)) {
      for (const r of await admin.findDivisions(db, [circleId])) rows.set(r.id, r);
    }
    const circle = check(circleId, 'CIRCLE', 'circleId', 'circle');
    if (circle && zoneId === null) zoneId = circle.parentId;
    if (circle && circle.parentId !== zoneId)
      throw field('circleId', 'The circle is not in the chosen zone.');
    if (zoneId !== null && !rows.has(zoneId)) {
      for (const r of await admin.findDivisions(db, [zoneId])) rows.set(r.id, r);
    }
    check(zoneId, 'ZONE', 'zoneId', 'zone');
    return { zoneId, circleId, wardId };
  }

  /** Table values of a validated input, after the checks that need the database. */
  async function values(auth: AuthContext, organisationId: bigint, input: VehicleInput, exceptId?: bigint) {
    if (input.regDate !== null && input.regDate > clock().toISOString().slice(0, 10))
      throw field('regDate', VEHICLE_MESSAGES.futureRegDate);
    if (await admin.findRegistration(db, organisationId, input.registrationNumber, exceptId))
      throw new ConflictError(VEHICLE_MESSAGES.registrationTaken, {
        registrationNumber: VEHICLE_MESSAGES.registrationTaken,
      });
    const ownerUserId = input.ownerUserId === null ? null : toId(input.ownerUserId);
    if (ownerUserId !== null) {
      const owner = await admin.findUser(db, ownerUserId);
      if (!owner?.organisationId || !canSeeOrganisation(auth, owner.organisationId))
        throw field('ownerUserId', VEHICLE_MESSAGES.ownerNotFound);
    }
    // The foreign key would refuse an unknown group with a 500; a group of another organisation it would accept.
    const groupId = input.groupId === null ? null : toId(input.groupId);
    if (groupId !== null && (await admin.findGroup(db, groupId))?.organisationId !== organisationId)
      throw field('groupId', VEHICLE_MESSAGES.groupNotFound);
    const contractorId = input.contractorOrganisationId ? toId(input.contractorOrganisationId) : null;
    if (
      contractorId !== null &&
      (!canSeeOrganisation(auth, contractorId) ||
        (await admin.findOrganisationKind(db, contractorId)) !== 'CONTRACTOR')
    )
      throw field('contractorOrganisationId', VEHICLE_MESSAGES.contractorNotFound);
    return {
      organisationId,
      registrationNumber: input.registrationNumber,
      category: input.category,
      engineNo: input.engineNo,
      chassisNo: input.chassisNo,
      rto: input.rto,
      rtoCode: input.rtoCode,
      make: input.make,
      model: input.model,
      regDate: input.regDate,
      rcImages: input.rcImages,
      kind: input.kind,
      type: input.type,
      groupId,
      ...(await placement(organisationId, input)),
      ownerUserId,
      speedLimitKph: input.speedLimitKph,
      ...(input.contractorOrganisationId === undefined ? {} : { contractorOrganisationId: contractorId }),
      ...(input.isTrackingActivated === undefined ? {} : { isTrackingActivated: input.isTrackingActivated }),
    };
  }

  const taken = (error: unknown): never => {
    if (isUniqueViolation(error))
      throw new ConflictError(VEHICLE_MESSAGES.registrationTaken, {
        registrationNumber: VEHICLE_MESSAGES.registrationTaken,
      });
    throw error;
  };

  async function audit(
    db: Db,
    actor: Actor,
    action: string,
    organisationId: bigint,
    id: bigint,
    detail = {},
  ) {
    await recordAudit(db, {
      action,
      actorUserId: actor.auth.userId,
      organisationId,
      entity: 'vehicle',
      entityId: id,
      detail,
      ip: actor.ip,
      at: clock(),
    });
  }

  return {
    async create(actor: Actor, input: VehicleInput): Promise<Vehicle> {
      const organisationId = await resolveOwnerOrganisation(db, actor.auth, input.organisationId);
      const row = await values(actor.auth, organisationId, input);
      const id = await db
        .transaction(async (tx) => {
          const newId = await repo.createVehicle(tx, row);
          await audit(tx, actor, VEHICLE_AUDIT.created, organisationId, newId, {
            registrationNumber: row.registrationNumber,
          });
          return newId;
        })
        .catch(taken);
      return toVehicle(await visible(actor.auth, id));
    },

    async update(actor: Actor, id: bigint, input: VehicleInput): Promise<Vehicle> {
      const current = await visible(actor.auth, id);
      const organisationId =
        input.organisationId === undefined
          ? current.vehicle.organisationId
          : await resolveOwnerOrganisation(db, actor.auth, input.organisationId);
      const row = await values(actor.auth, organisationId, input, id);
      await db
        .transaction(async (tx) => {
          await admin.updateVehicle(tx, id, row);
          await audit(tx, actor, VEHICLE_AUDIT.updated, organisationId, id, {
            before: { registrationNumber: current.vehicle.registrationNumber },
            after: { registrationNumber: row.registrationNumber },
          });
        })
        .catch(taken);
      return toVehicle(await visible(actor.auth, id));
    },

    async remove(actor: Actor, id: bigint): Promise<void> {
      const current = await visible(actor.auth, id);
      const at = clock();
      await admin.softDeleteVehicle(db, id, at);
      await audit(db, actor, VEHICLE_AUDIT.deleted, current.vehicle.organisationId, id, {
        registrationNumber: current.vehicle.registrationNumber,
      });
      devicesChanged(current.deviceId);
    },

    async setTracking(actor: Actor, id: bigint, isTrackingActivated: boolean): Promise<Vehicle> {
      const current = await visible(actor.auth, id);
      await db.transaction(async (tx) => {
        await admin.updateVehicle(tx, id, { isTrackingActivated });
        await audit(tx, actor, VEHICLE_AUDIT.tracking, current.vehicle.organisationId, id, {
          isTrackingActivated,
        });
      });
      return toVehicle(await visible(actor.auth, id));
    },

    /** Puts the device on the vehicle now; both previous open links end now (history kept). */
    async link(actor: Actor, vehicleId: bigint, deviceId: bigint): Promise<Vehicle> {
      const current = await visible(actor.auth, vehicleId);
      const device = await admin.findDevice(db, deviceId);
      if (!device || !canSeeOrganisation(actor.auth, device.organisationId))
        throw new NotFoundError(VEHICLE_MESSAGES.deviceNotFound);
      if (device.organisationId !== current.vehicle.organisationId)
        throw field('deviceId', VEHICLE_MESSAGES.deviceOtherOrganisation);
      await repo.linkDevice(db, { vehicleId, deviceId, at: clock() });
      await audit(db, actor, VEHICLE_AUDIT.linked, current.vehicle.organisationId, vehicleId, {
        deviceId: String(deviceId),
        imei: device.imei,
        previousDeviceId: current.deviceId === null ? null : String(current.deviceId),
      });
      devicesChanged(deviceId, current.deviceId);
      return toVehicle(await visible(actor.auth, vehicleId));
    },

    async unlink(actor: Actor, vehicleId: bigint): Promise<Vehicle> {
      const current = await visible(actor.auth, vehicleId);
      const deviceId = await admin.unlinkVehicle(db, vehicleId, clock());
      if (deviceId === undefined) throw new BadRequestError(VEHICLE_MESSAGES.notLinked);
      await audit(db, actor, VEHICLE_AUDIT.unlinked, current.vehicle.organisationId, vehicleId, {
        deviceId: String(deviceId),
      });
      devicesChanged(deviceId);
      return toVehicle(await visible(actor.auth, vehicleId));
    },

    async linkableDevices(auth: AuthContext, vehicleId: bigint) {
      const current = await visible(auth, vehicleId);
      const rows = await admin.linkableDevices(db, current.vehicle.organisationId);
      return rows.map((r) => ({ id: String(r.id), imei: r.imei, model: r.model }));
    },

    /** Mails the vehicle's details to its owner (recorded in the outbox; SMTP delivery in the background). */
    async sendMail(actor: Actor, id: bigint): Promise<{ to: string }> {
      const current = await visible(actor.auth, id);
      const owner =
        current.vehicle.ownerUserId === null
          ? undefined
          : await admin.findUser(db, current.vehicle.ownerUserId);
      if (!owner?.email) throw new BadRequestError(VEHICLE_MESSAGES.noOwnerEmail);
      await mailer.send(
        vehicleMail({ to: owner.email, firstName: owner.firstName, vehicle: toVehicle(current), brand }),
      );
      await audit(db, actor, VEHICLE_AUDIT.mailed, current.vehicle.organisationId, id, { to: owner.email });
      return { to: owner.email };
    },
  };
}

export type VehicleAdminService = ReturnType<typeof createVehicleAdminService>;

/** Turns an AppError into a per-row message (bulk upload); anything else is rethrown. */
export function rowMessage(error: unknown): string {
  if (error instanceof AppError) {
    const first = error.errors ? Object.values(error.errors)[0] : undefined;
    return first ?? error.message;
  }
  throw error;
}
