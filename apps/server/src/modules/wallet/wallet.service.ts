/**
 * Wallet rules (spec 02 §2/§3/§4 Wallet): who sees which wallet, opening one, recording verified payments and
 * deductions. Every balance change goes through wallet-ledger.ts in one transaction with its audit row.
 */
import {
  WALLET_ROLES,
  isSuperAdmin,
  type AddMoneyBody,
  type CreateWalletBody,
  type DeductMoneyBody,
  type ListPage,
  type Wallet,
  type WalletAllQuery,
  type WalletChange,
  type WalletQuery,
  type WalletTransaction,
  type WalletTransactionPage,
  type WalletTransactionQuery,
} from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../http/errors.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { canSeeOrganisation, type Actor } from '../organisation/scope.ts';
import { creditWallet, debitWallet, type LedgerResult } from './wallet-ledger.ts';
import * as repo from './wallet.repository.ts';

export const WALLET_AUDIT = {
  opened: 'wallet.opened',
  moneyAdded: 'wallet.money-added',
  moneyDeducted: 'wallet.money-deducted',
} as const;

export const WALLET_MESSAGES = {
  notFound: 'Wallet not found.',
  exists: 'This organisation already has a wallet.',
  holderTaken: 'This user already holds another wallet.',
  holderOutside: 'The account holder must be a user of this organisation.',
  noHolder: 'This organisation has no RFC_ADMIN or ADMIN user to hold the wallet; choose a user.',
  platform: 'The platform organisation has no wallet.',
  ownWallet: "Only an administrator above your organisation can change your organisation's wallet.",
  duplicateReference: 'This bank reference has already been credited to this wallet.',
} as const;

export interface WalletServiceDeps {
  db: Db;
  clock: Clock;
}

export function toWallet(row: repo.WalletRow): Wallet {
  return {
    id: String(row.id),
    balancePaise: row.balancePaise,
    organisation: {
      id: String(row.organisation.id),
      tradeName: row.organisation.tradeName,
      kind: row.organisation.kind,
    },
    holder: {
      id: String(row.holder.id),
      name: `${row.holder.firstName} ${row.holder.lastName}`.trim(),
      phone: row.holder.phone,
      email: row.holder.email,
    },
    lastTransactionAt: row.lastTransactionAt ? row.lastTransactionAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toTransaction(row: repo.TransactionRow): WalletTransaction {
  return {
    id: String(row.id),
    walletId: String(row.walletId),
    transactionType: row.transactionType,
    amountPaise: row.amountPaise,
    balanceAfterPaise: row.balanceAfterPaise,
    description: row.description,
    reference: row.reference,
    createdBy: row.createdBy
      ? { id: String(row.createdBy.id), name: `${row.createdBy.firstName} ${row.createdBy.lastName}`.trim() }
      : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createWalletService({ db, clock }: WalletServiceDeps) {
  async function visibleWallet(auth: AuthContext, id: bigint, tx: Db = db): Promise<repo.WalletRow> {
    const row = await repo.findWallet(tx, id, auth.orgIds);
    if (!row) throw new NotFoundError(WALLET_MESSAGES.notFound);
    return row;
  }

  /** Manual changes come from above: never the caller's own organisation's wallet (SUPER_ADMIN excepted). */
  function assertMayChange(auth: AuthContext, row: repo.WalletRow): void {
    if (!isSuperAdmin(auth.roleName) && row.organisation.id === auth.organisationId) {
      throw new ForbiddenError(WALLET_MESSAGES.ownWallet);
    }
  }

  async function change(
    actor: Actor,
    id: bigint,
    apply: (
      tx: Db,
      wallet: repo.WalletRow,
    ) => Promise<{ result: LedgerResult; action: string; detail: object }>,
  ): Promise<WalletChange> {
    return db.transaction(async (tx) => {
      const wallet = await visibleWallet(actor.auth, id, tx);
      assertMayChange(actor.auth, wallet);
      await repo.lockWallet(tx, id);
      const { result, action, detail } = await apply(tx, wallet);
      await recordAudit(tx, {
        action,
        actorUserId: actor.auth.userId,
        organisationId: wallet.organisation.id,
        entity: 'wallet',
        entityId: id,
        detail: { ...detail, transactionId: String(result.transactionId), balancePaise: result.balancePaise },
        ip: actor.ip,
        at: clock(),
      });
      const after = await visibleWallet(actor.auth, id, tx);
      const transaction = await repo.findTransaction(tx, result.transactionId);
      if (!transaction) throw new Error('ledger row vanished');
      return { wallet: toWallet(after), transaction: toTransaction(transaction) };
    });
  }

  return {
    /** GET /wallet?userId|organisationId: the matching wallets the caller may see (none → empty list). */
    async find(auth: AuthContext, query: WalletQuery): Promise<Wallet[]> {
      const found = await repo.findWallets(db, {
        orgIds: auth.orgIds,
        userId: query.userId === undefined ? undefined : BigInt(query.userId),
        organisationId: query.organisationId === undefined ? undefined : BigInt(query.organisationId),
      });
      return found.map(toWallet);
    },

    async get(auth: AuthContext, id: bigint): Promise<Wallet> {
      return toWallet(await visibleWallet(auth, id));
    },

    async list(auth: AuthContext, query: WalletAllQuery): Promise<ListPage<Wallet>> {
      const page = await repo.listWallets(db, query, auth.orgIds);
      return { ...page, items: page.items.map(toWallet) };
    },

    async open(actor: Actor, body: CreateWalletBody): Promise<Wallet> {
      const organisationId = BigInt(body.organisationId);
      const organisation = await repo.findOrganisation(db, organisationId);
      if (!organisation || !canSeeOrganisation(actor.auth, organisationId)) {
        throw new NotFoundError('Organisation not found.');
      }
      if (organisation.kind === 'PLATFORM') {
        throw new BadRequestError(WALLET_MESSAGES.platform, { organisationId: WALLET_MESSAGES.platform });
      }
      if ((await repo.walletIdOfOrganisation(db, organisationId)) !== undefined) {
        throw new ConflictError(WALLET_MESSAGES.exists);
      }
      let holderId: bigint;
      if (body.userId !== undefined) {
        const user = await repo.findActiveUser(db, BigInt(body.userId));
        if (!user || user.organisationId !== organisationId) {
          throw new BadRequestError(WALLET_MESSAGES.holderOutside, { userId: WALLET_MESSAGES.holderOutside });
        }
        holderId = user.id;
      } else {
        const found = await repo.firstUserWithRole(db, organisationId, WALLET_ROLES);
        if (found === undefined) {
          throw new BadRequestError(WALLET_MESSAGES.noHolder, { userId: WALLET_MESSAGES.noHolder });
        }
        holderId = found;
      }
      if ((await repo.walletIdOfUser(db, holderId)) !== undefined) {
        throw new ConflictError(WALLET_MESSAGES.holderTaken, { userId: WALLET_MESSAGES.holderTaken });
      }
      const id = await db.transaction(async (tx) => {
        const inserted = await repo.insertWallet(tx, organisationId, holderId);
        // Lost a race with another open: the unique indexes decided.
        if (inserted === undefined) throw new ConflictError(WALLET_MESSAGES.exists);
        await recordAudit(tx, {
          action: WALLET_AUDIT.opened,
          actorUserId: actor.auth.userId,
          organisationId,
          entity: 'wallet',
          entityId: inserted,
          detail: { holderUserId: String(holderId) },
          ip: actor.ip,
          at: clock(),
        });
        return inserted;
      });
      return toWallet(await visibleWallet(actor.auth, id));
    },

    async transactions(
      auth: AuthContext,
      id: bigint,
      query: WalletTransactionQuery,
    ): Promise<WalletTransactionPage> {
      await visibleWallet(auth, id);
      const page = await repo.listTransactions(
        db,
        id,
        {
          transactionType: query.transactionType,
          from: query.fromDate === undefined ? undefined : new Date(query.fromDate),
          to: query.toDate === undefined ? undefined : new Date(query.toDate),
          search: query.search,
        },
        query,
      );
      return {
        items: page.items.map(toTransaction),
        total: page.total,
        page: page.page,
        pageSize: page.pageSize,
        creditPaise: page.creditPaise,
        debitPaise: page.debitPaise,
        netPaise: page.creditPaise - page.debitPaise,
      };
    },

    /** Records a verified bank payment (SUPER_ADMIN by default); one bank reference credits a wallet once. */
    async addMoney(actor: Actor, id: bigint, body: AddMoneyBody): Promise<WalletChange> {
      const reference = `payment:${body.reference}`;
      return change(actor, id, async (tx) => {
        if (await repo.hasTransactionWithReference(tx, id, reference)) {
          throw new ConflictError(WALLET_MESSAGES.duplicateReference, {
            reference: WALLET_MESSAGES.duplicateReference,
          });
        }
        const result = await creditWallet(tx, {
          walletId: id,
          amountPaise: body.amountPaise,
          description: body.description || `Wallet recharge (bank ref. ${body.reference})`,
          reference,
          userId: actor.auth.userId,
        });
        return {
          result,
          action: WALLET_AUDIT.moneyAdded,
          detail: { amountPaise: body.amountPaise, reference: body.reference },
        };
      });
    },

    async deductMoney(actor: Actor, id: bigint, body: DeductMoneyBody): Promise<WalletChange> {
      return change(actor, id, async (tx) => {
        const result = await debitWallet(tx, {
          walletId: id,
          amountPaise: body.amountPaise,
          description: body.reason,
          reference: 'manual:deduct',
          userId: actor.auth.userId,
        });
        return {
          result,
          action: WALLET_AUDIT.moneyDeducted,
          detail: { amountPaise: body.amountPaise, reason: body.reason },
        };
      });
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
