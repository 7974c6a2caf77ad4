/**
 * Activations: the inventory (fitments with their activation fields), the plans, and approve / undo.
 *
 * Approve, in one transaction with the fitment row locked: the plan price for the fitment's duration (none → 400),
 * a debit of the vendor's wallet through the ledger (modules/wallet/wallet-ledger.ts; insufficient balance → 409 and
 * nothing changes), status APPROVED, expiresOn = fitmentDate + durationInDays, approver and charge recorded, the
 * vehicle's tracking on. Undo reverses it exactly: the charge is credited back, PENDING, tracking off.
 */
import {
  ACTIVATION_MESSAGES,
  FITMENT_MESSAGES,
  activationDurationName,
  type ActivationChangeResult,
  type ActivationListQuery,
  type ActivationPlan,
  type ActivationRow,
  type ListPage,
} from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { mapPage } from '../../db/list-query.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../http/errors.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { addDays, istToday } from '../fitment/fitment-dates.ts';
import * as fitmentRepo from '../fitment/fitment.repository.ts';
import { canSeeOrganisation, toId, type Actor } from '../organisation/scope.ts';
import { updateVehicle } from '../vehicle/vehicle-admin.repository.ts';
import {
  creditOrganisationWallet,
  debitOrganisationWallet,
  type LedgerResult,
} from '../wallet/wallet-ledger.ts';
import * as repo from './activation.repository.ts';

export const ACTIVATION_AUDIT = { approved: 'activation.approved', undone: 'activation.undone' } as const;

export const EXPIRED_ON_APPROVAL = (expiresOn: string) =>
  `This activation would have expired on ${expiresOn}: correct the fitment date first.`;

type Record = NonNullable<repo.ActivationRecord>;

export function toActivationRow(r: Record): ActivationRow {
  return {
    id: String(r.id),
    imei: r.imei,
    registrationNumber: r.registrationNumber,
    organisation: { id: String(r.organisationId), name: r.organisationName },
    customerName: `${r.customerFirstName} ${r.customerLastName}`.trim(),
    fitmentDate: r.fitmentDate,
    durationInDays: r.durationInDays,
    deviceActivate: r.deviceActivate,
    activationStatus: r.activationStatus,
    expiresOn: r.expiresOn,
    approvedAt: r.approvedAt ? r.approvedAt.toISOString() : null,
    approvedBy:
      r.approverId === null
        ? null
        : {
            id: String(r.approverId),
            name: `${r.approverFirstName ?? ''} ${r.approverLastName ?? ''}`.trim(),
          },
    chargedPaise: r.chargedPaise,
    planPricePaise: r.planPricePaise,
    isTrackingActivated: r.isTrackingActivated,
    createdAt: r.createdAt.toISOString(),
  };
}

const walletOf = (result: LedgerResult, amountPaise: number) => ({
  walletId: String(result.walletId),
  balancePaise: result.balancePaise,
  transactionId: String(result.transactionId),
  amountPaise,
});

export function createActivationService({ db, clock }: { db: Db; clock: Clock }) {
  async function visibleRow(auth: AuthContext, id: bigint): Promise<Record> {
    const row = await repo.findActivation(db, id);
    if (!row || !canSeeOrganisation(auth, row.organisationId))
      throw new NotFoundError(FITMENT_MESSAGES.notFound);
    return row;
  }

  /** The fitment locked for the change, in scope (404 otherwise). */
  async function locked(tx: Db, auth: AuthContext, id: bigint) {
    const row = await fitmentRepo.lockFitment(tx, id);
    if (!row || !canSeeOrganisation(auth, row.organisationId))
      throw new NotFoundError(FITMENT_MESSAGES.notFound);
    return row;
  }

  return {
    async plans(): Promise<ActivationPlan[]> {
      const rows = await fitmentRepo.listActivePlans(db);
      return rows.map((p) => ({
        id: String(p.id),
        name: p.name,
        durationInDays: p.durationInDays,
        pricePaise: p.pricePaise,
      }));
    },

    async list(auth: AuthContext, query: ActivationListQuery): Promise<ListPage<ActivationRow>> {
      const page = await repo.listActivations(
        db,
        {
          orgIds: auth.orgIds,
          activationStatus: query.status,
          organisationId: query.organisationId === undefined ? undefined : toId(query.organisationId),
          imei: query.imei,
        },
        query,
      );
      return mapPage(page, toActivationRow);
    },

    async approve(actor: Actor, id: bigint): Promise<ActivationChangeResult> {
      const { auth } = actor;
      const now = clock();
      const wallet = await db.transaction(async (tx) => {
        const row = await locked(tx, auth, id);
        if (row.activationStatus === 'APPROVED') throw new ConflictError(ACTIVATION_MESSAGES.alreadyApproved);
        const plan = await fitmentRepo.findActivePlan(tx, row.durationInDays);
        if (!plan) throw new BadRequestError(ACTIVATION_MESSAGES.noPlan(row.durationInDays));
        const expiresOn = addDays(row.fitmentDate, row.durationInDays);
        if (expiresOn < istToday(now)) throw new BadRequestError(EXPIRED_ON_APPROVAL(expiresOn));
        const info = await repo.findActivation(tx, id);
        const label = `${info?.registrationNumber ?? ''} (IMEI ${info?.imei ?? ''}), ${activationDurationName(row.durationInDays)}`;
        const result =
          plan.pricePaise > 0
            ? walletOf(
                await debitOrganisationWallet(tx, {
                  organisationId: row.organisationId,
                  amountPaise: plan.pricePaise,
                  description: `Activation ${label}`,
                  reference: `fitment:${id}`,
                  userId: auth.userId,
                }),
                plan.pricePaise,
              )
            : null;
        await fitmentRepo.updateFitment(tx, id, {
          activationStatus: 'APPROVED',
          expiresOn,
          approvedAt: now,
          approvedByUserId: auth.userId,
          chargedPaise: plan.pricePaise,
          updatedAt: now,
        });
        await updateVehicle(tx, row.vehicleId, { isTrackingActivated: true });
        await recordAudit(tx, {
          action: ACTIVATION_AUDIT.approved,
          actorUserId: auth.userId,
          organisationId: row.organisationId,
          entity: 'fitment',
          entityId: id,
          detail: { chargedPaise: plan.pricePaise, expiresOn },
          ip: actor.ip,
          at: now,
        });
        return result;
      });
      return { activation: toActivationRow(await visibleRow(auth, id)), wallet };
    },

    async undo(actor: Actor, id: bigint): Promise<ActivationChangeResult> {
      const { auth } = actor;
      const now = clock();
      const wallet = await db.transaction(async (tx) => {
        const row = await locked(tx, auth, id);
        if (row.activationStatus !== 'APPROVED') throw new ConflictError(ACTIVATION_MESSAGES.notApproved);
        const charged = row.chargedPaise ?? 0;
        const info = await repo.findActivation(tx, id);
        const label = `${info?.registrationNumber ?? ''} (IMEI ${info?.imei ?? ''}), ${activationDurationName(row.durationInDays)}`;
        const result =
          charged > 0
            ? walletOf(
                await creditOrganisationWallet(tx, {
                  organisationId: row.organisationId,
                  amountPaise: charged,
                  description: `Activation undone ${label}`,
                  reference: `fitment:${id}`,
                  userId: auth.userId,
                }),
                charged,
              )
            : null;
        await fitmentRepo.updateFitment(tx, id, {
          activationStatus: 'PENDING',
          expiresOn: null,
          approvedAt: null,
          approvedByUserId: null,
          chargedPaise: null,
          updatedAt: now,
        });
        await updateVehicle(tx, row.vehicleId, { isTrackingActivated: false });
        await recordAudit(tx, {
          action: ACTIVATION_AUDIT.undone,
          actorUserId: auth.userId,
          organisationId: row.organisationId,
          entity: 'fitment',
          entityId: id,
          detail: { creditedPaise: charged },
          ip: actor.ip,
          at: now,
        });
        return result;
      });
      return { activation: toActivationRow(await visibleRow(auth, id)), wallet };
    },
  };
}

export type ActivationService = ReturnType<typeof createActivationService>;
