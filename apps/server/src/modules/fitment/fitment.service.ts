/**
 * Fitments: list (server paged), load, create / edit (fitment-save.ts: one transaction), soft delete while PENDING.
 * Scoped by the fitment's organisation (the vendor that fitted it): anything else answers 404.
 */
import {
  FITMENT_MESSAGES,
  type FitmentInput,
  type FitmentListQuery,
  type FitmentRow,
  type ListPage,
} from '@civicfleet/shared';
import { TOPICS, type Bus, type DevicesChangedMessage } from '../../bus/bus.ts';
import type { Db } from '../../db/client.ts';
import { mapPage } from '../../db/list-query.ts';
import { ConflictError, NotFoundError } from '../../http/errors.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { hashPassword } from '../auth/password.ts';
import { assertAcceptablePassword } from '../auth/password-policy.ts';
import { updateDevice } from '../device/device.repository.ts';
import { toId, type Actor } from '../organisation/scope.ts';
import { unlinkDevice } from '../vehicle/vehicle.repository.ts';
import { passwordHashes } from './fitment-parties.ts';
import { FITMENT_AUDIT, saveFitment, type FitmentDraft } from './fitment-save.ts';
import * as repo from './fitment.repository.ts';

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

export function toFitmentRow(r: repo.FitmentRecord): FitmentRow {
  const f = r.fitment;
  const id = (v: bigint) => String(v);
  return {
    id: id(f.id),
    fitmentDate: f.fitmentDate,
    durationInDays: f.durationInDays,
    deviceActivate: f.deviceActivate,
    activationStatus: f.activationStatus,
    expiresOn: f.expiresOn,
    approvedAt: iso(f.approvedAt),
    organisation: { id: id(r.organisation.id), name: r.organisation.name },
    vehicle: {
      id: id(r.vehicle.id),
      registrationNumber: r.vehicle.registrationNumber,
      category: r.vehicle.category,
      engineNo: r.vehicle.engineNo,
      chassisNo: r.vehicle.chassisNo,
      regDate: r.vehicle.regDate,
      rto: r.vehicle.rto,
      rtoCode: r.vehicle.rtoCode,
      make: r.vehicle.make,
      model: r.vehicle.model,
      rcImages: r.vehicle.rcImages,
      isTrackingActivated: r.vehicle.isTrackingActivated,
    },
    device: {
      id: id(r.device.id),
      imei: r.device.imei,
      panicButtonCount: r.device.panicButtonCount,
      deviceImages: f.deviceImages,
      model: r.device.model,
    },
    customer: {
      id: id(r.customer.id),
      firstName: r.customer.firstName,
      lastName: r.customer.lastName,
      email: r.customer.email,
      phone: r.customer.phone,
      address: r.customer.address,
      kycDocs: r.customer.kycDocs,
    },
    fitter: r.fitter ? { ...r.fitter, id: id(r.fitter.id) } : null,
    chargedPaise: f.chargedPaise,
    createdAt: f.createdAt.toISOString(),
  };
}

/** A validated POST/PUT body as a save draft. */
export function draftOf(input: FitmentInput): FitmentDraft {
  const { state: _state, ...vehicle } = input.vehicle;
  return {
    vehicle,
    device: input.device,
    customer: input.customer,
    fitter: input.fitter,
    fitmentDate: input.fitmentDate,
    durationInDays: input.durationInDays,
    deviceActivate: input.deviceActivate,
  };
}

export interface FitmentServiceDeps {
  db: Db;
  clock: Clock;
  bus?: Bus | undefined;
  /** The brand's default password, given to new customers without one and to new fitters. */
  defaultPassword: string;
}

export function createFitmentService({ db, clock, bus, defaultPassword }: FitmentServiceDeps) {
  function devicesChanged(ids: bigint[]): void {
    if (ids.length > 0) bus?.publish<DevicesChangedMessage>(TOPICS.devices, { deviceIds: ids.map(String) });
  }

  async function get(auth: AuthContext, id: bigint): Promise<FitmentRow> {
    const row = await repo.findFitment(db, id, auth.orgIds);
    if (!row) throw new NotFoundError(FITMENT_MESSAGES.notFound);
    return toFitmentRow(row);
  }

  /**
   * Saves a draft. `defaultHash` lets a bulk upload hash the default password once for all its new people (they
   * all get the same well-known password anyway).
   */
  async function save(
    actor: Actor,
    draft: FitmentDraft,
    existingId?: bigint,
    defaultHash?: () => Promise<string>,
  ): Promise<bigint> {
    // A password typed for the customer meets the same policy as any user's (ASVS 2.1.7); without one, the brand's
    // default password applies (spec 01 §1, docs/security.md 2.3.1).
    const { password, email, phone } = draft.customer;
    if (password) assertAcceptablePassword(password, { email, phone }, 'customer.password');
    const hashes = passwordHashes(password ?? defaultPassword, defaultPassword, defaultHash);
    const { id, changedDeviceIds } = await saveFitment({ db, clock, hashes }, actor, draft, existingId);
    devicesChanged(changedDeviceIds);
    return id;
  }

  return {
    get,
    save,

    async list(auth: AuthContext, query: FitmentListQuery): Promise<ListPage<FitmentRow>> {
      const page = await repo.listFitments(
        db,
        {
          orgIds: auth.orgIds,
          id: query._id === undefined ? undefined : toId(query._id),
          activationStatus: query.activationStatus,
          organisationId: query.organisationId === undefined ? undefined : toId(query.organisationId),
          fromDate: query.fromDate,
          toDate: query.toDate,
        },
        query,
      );
      return mapPage(page, toFitmentRow);
    },

    async create(actor: Actor, input: FitmentInput): Promise<FitmentRow> {
      return get(actor.auth, await save(actor, draftOf(input)));
    },

    async update(actor: Actor, id: bigint, input: FitmentInput): Promise<FitmentRow> {
      await get(actor.auth, id);
      return get(actor.auth, await save(actor, draftOf(input), id));
    },

    /** Soft delete while PENDING: the device is unlinked and goes back to ALLOCATED at the vendor. */
    async remove(actor: Actor, id: bigint): Promise<void> {
      await get(actor.auth, id);
      const now = clock();
      const deviceId = await db.transaction(async (tx) => {
        const row = await repo.lockFitment(tx, id);
        if (!row) throw new NotFoundError(FITMENT_MESSAGES.notFound);
        if (row.activationStatus !== 'PENDING') throw new ConflictError(FITMENT_MESSAGES.deleteApproved);
        await repo.updateFitment(tx, id, { deleted: true, updatedAt: now });
        await unlinkDevice(tx, row.deviceId, now);
        await updateDevice(tx, row.deviceId, {
          status: 'ALLOCATED',
          organisationId: row.organisationId,
          allocatedFromOrganisationId: await repo.findParentOrganisation(tx, row.organisationId),
          updatedAt: now,
        });
        await recordAudit(tx, {
          action: FITMENT_AUDIT.deleted,
          actorUserId: actor.auth.userId,
          organisationId: row.organisationId,
          entity: 'fitment',
          entityId: id,
          detail: { deviceId: String(row.deviceId), vehicleId: String(row.vehicleId) },
          ip: actor.ip,
          at: now,
        });
        return row.deviceId;
      });
      devicesChanged([deviceId]);
    },

    /** One hash of the default password for a whole bulk upload. */
    defaultHashOnce(): () => Promise<string> {
      let hash: Promise<string> | undefined;
      return () => (hash ??= hashPassword(defaultPassword));
    },
  };
}

export type FitmentService = ReturnType<typeof createFitmentService>;
