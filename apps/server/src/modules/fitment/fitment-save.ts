/**
 * Saving a fitment (create or edit) is ONE transaction: device by IMEI, customer and fitter by phone
 * (fitment-parties.ts), vehicle by registration number, the device installed on the vehicle, the fitment row and the
 * audit entry all commit together or not at all.
 *
 * Rules:
 * - the device exists in the caller's scope, is not DEFECTED and has no other live fitment;
 * - the fitment belongs to the vendor holding the stock: the device's organisation (for a device already INSTALLED
 *   without a fitment, the organisation it was allocated from); an edit keeps the fitment's vendor;
 * - the vehicle (found in scope by registration number — the customer's organisation first —, else the fitment's own
 *   vehicle renamed on edit, else created) moves to the customer's organisation with the customer as owner; a vehicle
 *   has at most one live fitment;
 * - the device becomes INSTALLED in the customer's organisation, allocated from the vendor, linked to the vehicle
 *   (vehicle.repository linkDevice: link history kept); on edit with another device the old one is unlinked and goes
 *   back to ALLOCATED at the vendor (allocated from the vendor's parent, so a rollback can return it);
 * - an APPROVED (paid) fitment keeps its device, fitment date and duration: undo the activation first.
 */
import { FITMENT_MESSAGES, type KycDoc } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../http/errors.ts';
import type { Clock } from '../../http/types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { updateDevice } from '../device/device.repository.ts';
import { canSeeOrganisation, type Actor } from '../organisation/scope.ts';
import { findRegistration, updateVehicle } from '../vehicle/vehicle-admin.repository.ts';
import { createVehicle, linkDevice, unlinkDevice } from '../vehicle/vehicle.repository.ts';
import { VEHICLE_MESSAGES } from '../vehicle/vehicle-admin.service.ts';
import {
  resolveCustomer,
  resolveFitter,
  type CustomerDraft,
  type PasswordHashes,
  type PersonDraft,
} from './fitment-parties.ts';
import * as repo from './fitment.repository.ts';
import { nearestOrganisationOfKind } from '../../db/organisation-scope.ts';
import { istToday } from './fitment-dates.ts';

export const FITMENT_AUDIT = {
  created: 'fitment.created',
  updated: 'fitment.updated',
  deleted: 'fitment.deleted',
} as const;

export const SAVE_MESSAGES = {
  approvedLocked:
    'This activation is approved: undo it before changing the device, fitment date or duration.',
  vehicleHasFitment: (imei: string) =>
    `This vehicle already has a fitment (device ${imei}): edit that fitment or delete it first.`,
} as const;

/** What a save needs; POST/PUT bodies (FitmentInput) fit it, bulk rows leave the images and some details out. */
export interface FitmentDraft {
  vehicle: {
    registrationNumber: string;
    category: string | null;
    engineNo: string | null;
    chassisNo: string | null;
    regDate: string | null;
    rto: string | null;
    rtoCode: string | null;
    make: string | null;
    model: string | null;
    /** Undefined = keep the vehicle's images. */
    rcImages?: string[] | undefined;
  };
  device: { imei: string; panicButtonCount?: number | undefined; deviceImages?: string[] | undefined };
  customer: CustomerDraft & { kycDocs?: KycDoc[] | undefined };
  fitter: PersonDraft | null;
  fitmentDate: string;
  durationInDays: number;
  deviceActivate: boolean;
}

const field = (name: string, message: string) => new BadRequestError(message, { [name]: message });

export interface SaveContext {
  db: Db;
  clock: Clock;
  hashes: PasswordHashes;
}

/** Checks that need no lock (dates, plan), then the transaction. Returns the fitment id and the devices to refresh. */
export async function saveFitment(
  { db, clock, hashes }: SaveContext,
  actor: Actor,
  draft: FitmentDraft,
  existingId?: bigint,
): Promise<{ id: bigint; changedDeviceIds: bigint[] }> {
  const now = clock();
  const today = istToday(now);
  if (draft.fitmentDate > today) throw field('fitmentDate', FITMENT_MESSAGES.futureFitmentDate);
  if (draft.vehicle.regDate !== null && draft.vehicle.regDate > today)
    throw field('vehicle.regDate', FITMENT_MESSAGES.futureRegDate);
  if (!(await repo.findActivePlan(db, draft.durationInDays)))
    throw field('durationInDays', `No activation plan for ${draft.durationInDays} days`);
  // Hash before the transaction for people that do not exist yet (scrypt is slow; PGlite has one connection).
  if (!(await repo.findUserByPhone(db, draft.customer.phone))) await hashes.customer();
  if (draft.fitter && !(await repo.findUserByPhone(db, draft.fitter.phone))) await hashes.fitter();

  const { auth } = actor;
  return db.transaction(async (tx) => {
    const existing = existingId === undefined ? undefined : await repo.lockFitment(tx, existingId);
    if (existingId !== undefined && (!existing || !canSeeOrganisation(auth, existing.organisationId)))
      throw new NotFoundError(FITMENT_MESSAGES.notFound);

    const device = await repo.findDeviceByImei(tx, draft.device.imei);
    if (!device || !canSeeOrganisation(auth, device.organisationId))
      throw field('device.imei', FITMENT_MESSAGES.deviceNotFound);
    if (device.status === 'DEFECTED') throw field('device.imei', FITMENT_MESSAGES.deviceDefected);
    if (await repo.findLiveFitmentOfDevice(tx, device.id, existing?.id))
      throw new ConflictError(FITMENT_MESSAGES.deviceInstalled, {
        'device.imei': FITMENT_MESSAGES.deviceInstalled,
      });
    if (
      existing?.activationStatus === 'APPROVED' &&
      (existing.deviceId !== device.id ||
        existing.fitmentDate !== draft.fitmentDate ||
        existing.durationInDays !== draft.durationInDays)
    )
      throw new ConflictError(SAVE_MESSAGES.approvedLocked);

    // The vendor that fits and pays: the fitment's own, else the nearest VENDOR at or above the stock holder (a device
    // held by a municipal organisation under a vendor is that vendor's fitment), else the holder itself.
    const holderId =
      device.status === 'INSTALLED' && device.allocatedFromOrganisationId !== null
        ? device.allocatedFromOrganisationId
        : device.organisationId;
    const vendorId =
      existing?.organisationId ?? (await nearestOrganisationOfKind(tx, holderId, 'VENDOR')) ?? holderId;

    const customer = await resolveCustomer(tx, auth, draft.customer, vendorId, hashes, now);
    const fitter = draft.fitter ? await resolveFitter(tx, auth, draft.fitter, vendorId, hashes, now) : null;
    const vehicleId = await saveVehicle(tx, actor, draft, customer, existing, now);

    const changedDeviceIds = [device.id];
    if (existing && existing.deviceId !== device.id) {
      await unlinkDevice(tx, existing.deviceId, now);
      await updateDevice(tx, existing.deviceId, {
        status: 'ALLOCATED',
        organisationId: vendorId,
        allocatedFromOrganisationId: await repo.findParentOrganisation(tx, vendorId),
        updatedAt: now,
      });
      changedDeviceIds.push(existing.deviceId);
    }
    await updateDevice(tx, device.id, {
      status: 'INSTALLED',
      organisationId: customer.organisationId,
      allocatedFromOrganisationId: vendorId,
      ...(draft.device.panicButtonCount === undefined
        ? {}
        : { panicButtonCount: draft.device.panicButtonCount }),
      updatedAt: now,
    });
    if (device.linkedVehicleId !== vehicleId)
      await linkDevice(tx, { vehicleId, deviceId: device.id, at: now });

    const values = {
      organisationId: vendorId,
      vehicleId,
      deviceId: device.id,
      customerUserId: customer.userId,
      fitterUserId: fitter?.userId ?? null,
      fitmentDate: draft.fitmentDate,
      durationInDays: draft.durationInDays,
      deviceActivate: draft.deviceActivate,
      ...(draft.device.deviceImages === undefined ? {} : { deviceImages: draft.device.deviceImages }),
      updatedAt: now,
    };
    let id: bigint;
    if (existing) {
      id = existing.id;
      await repo.updateFitment(tx, id, values);
    } else {
      id = await repo.insertFitment(tx, { ...values, createdByUserId: auth.userId, createdAt: now });
    }
    await recordAudit(tx, {
      action: existing ? FITMENT_AUDIT.updated : FITMENT_AUDIT.created,
      actorUserId: auth.userId,
      organisationId: vendorId,
      entity: 'fitment',
      entityId: id,
      detail: {
        imei: device.imei,
        registrationNumber: draft.vehicle.registrationNumber,
        customerCreated: customer.created,
        fitterCreated: fitter?.created ?? false,
      },
      ip: actor.ip,
      at: now,
    });
    return { id, changedDeviceIds };
  });
}

/** Finds, renames or creates the vehicle and moves it to the customer. Returns its id. */
async function saveVehicle(
  tx: Db,
  { auth }: Actor,
  draft: FitmentDraft,
  customer: { userId: bigint; organisationId: bigint },
  existing: { id: bigint; vehicleId: bigint } | undefined,
  now: Date,
): Promise<bigint> {
  const v = draft.vehicle;
  const [found] = await repo.findVehiclesByRegistration(
    tx,
    v.registrationNumber,
    auth.orgIds,
    customer.organisationId,
  );
  const values = {
    organisationId: customer.organisationId,
    ownerUserId: customer.userId,
    registrationNumber: v.registrationNumber,
    category: v.category,
    engineNo: v.engineNo,
    chassisNo: v.chassisNo,
    regDate: v.regDate,
    rto: v.rto,
    rtoCode: v.rtoCode,
    make: v.make,
    model: v.model,
    ...(v.rcImages === undefined ? {} : { rcImages: v.rcImages }),
  };
  const vehicleId = found?.id ?? existing?.vehicleId;
  if (vehicleId === undefined) {
    // A new vehicle is tracked only once its activation is approved.
    return createVehicle(tx, { ...values, isTrackingActivated: false, createdAt: now, updatedAt: now });
  }
  const other = await repo.findLiveFitmentOfVehicle(tx, vehicleId, existing?.id);
  if (other) {
    const message = SAVE_MESSAGES.vehicleHasFitment(other.imei);
    throw new ConflictError(message, { 'vehicle.registrationNumber': message });
  }
  if (await findRegistration(tx, customer.organisationId, v.registrationNumber, vehicleId))
    throw new ConflictError(VEHICLE_MESSAGES.registrationTaken, {
      'vehicle.registrationNumber': VEHICLE_MESSAGES.registrationTaken,
    });
  await updateVehicle(tx, vehicleId, values);
  return vehicleId;
}
