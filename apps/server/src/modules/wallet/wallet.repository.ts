/** SQL of the wallet module (reads; balance changes go through wallet-ledger.ts only). */
import { and, asc, desc, eq, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { listOffset, type ListPage, type ListQuery, type WalletAllQuery } from '@civicfleet/shared';
import type { TransactionType } from '../../db/schema/wallets.ts';
import { roles, organisations, users, wallets, walletTransactions } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { countSelection, planList, runList, containsPattern } from '../../db/list-query.ts';
import { orgScope, type OrgIds } from '../organisation/scope.ts';

const lastTransactionAt = sql<Date | null>`(
  select max(wt.created_at) from wallet_transactions wt where wt.wallet_id = ${wallets.id}
)`.mapWith(walletTransactions.createdAt);

const walletColumns = {
  id: wallets.id,
  balancePaise: wallets.balancePaise,
  createdAt: wallets.createdAt,
  updatedAt: wallets.updatedAt,
  organisation: { id: organisations.id, tradeName: organisations.tradeName, kind: organisations.kind },
  holder: {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    phone: users.phone,
    email: users.email,
  },
  lastTransactionAt,
};

export type WalletRow = Awaited<ReturnType<typeof selectWallets>>[number];

function selectWallets(db: Db) {
  return db
    .select(walletColumns)
    .from(wallets)
    .innerJoin(organisations, eq(organisations.id, wallets.organisationId))
    .innerJoin(users, eq(users.id, wallets.userId))
    .$dynamic();
}

export interface WalletFilter {
  orgIds: OrgIds;
  userId?: bigint | undefined;
  organisationId?: bigint | undefined;
}

export async function findWallets(db: Db, filter: WalletFilter): Promise<WalletRow[]> {
  const conditions: SQL[] = [];
  const scope = orgScope(filter.orgIds, wallets.organisationId);
  if (scope) conditions.push(scope);
  if (filter.userId !== undefined) conditions.push(eq(wallets.userId, filter.userId));
  if (filter.organisationId !== undefined) conditions.push(eq(wallets.organisationId, filter.organisationId));
  return selectWallets(db)
    .where(and(...conditions))
    .orderBy(asc(wallets.id));
}

export async function findWallet(db: Db, id: bigint, orgIds: OrgIds): Promise<WalletRow | undefined> {
  const [row] = await selectWallets(db)
    .where(and(eq(wallets.id, id), orgScope(orgIds, wallets.organisationId)))
    .limit(1);
  return row;
}

const holderName = sql`${users.firstName} || ' ' || ${users.lastName}`;
const walletList = {
  searchable: [organisations.tradeName, holderName, users.phone, users.email],
  sortable: {
    organisation: organisations.tradeName,
    holder: holderName,
    balancePaise: wallets.balancePaise,
    lastTransactionAt,
    createdAt: wallets.createdAt,
  },
  defaultOrder: [asc(organisations.tradeName)],
  tieBreaker: wallets.id,
};

export async function listWallets(
  db: Db,
  query: WalletAllQuery,
  orgIds: OrgIds,
): Promise<ListPage<WalletRow>> {
  const plan = planList(walletList, query);
  const filter = and(
    orgScope(orgIds, wallets.organisationId),
    query.organisationKind === undefined ? undefined : eq(organisations.kind, query.organisationKind),
  );
  const counted = db
    .select(countSelection())
    .from(wallets)
    .innerJoin(organisations, eq(organisations.id, wallets.organisationId))
    .innerJoin(users, eq(users.id, wallets.userId))
    .$dynamic();
  return runList(plan, filter, selectWallets(db), counted);
}

export async function walletIdOfOrganisation(db: Db, organisationId: bigint): Promise<bigint | undefined> {
  const [row] = await db
    .select({ id: wallets.id })
    .from(wallets)
    .where(eq(wallets.organisationId, organisationId))
    .limit(1);
  return row?.id;
}

export async function walletIdOfUser(db: Db, userId: bigint): Promise<bigint | undefined> {
  const [row] = await db.select({ id: wallets.id }).from(wallets).where(eq(wallets.userId, userId)).limit(1);
  return row?.id;
}

/** Inserts an empty wallet; undefined when the organisation (or the holder) already has one (unique indexes). */
export async function insertWallet(
  db: Db,
  organisationId: bigint,
  userId: bigint,
): Promise<bigint | undefined> {
  const [row] = await db
    .insert(wallets)
    .values({ organisationId, userId, balancePaise: 0 })
    .onConflictDoNothing()
    .returning({ id: wallets.id });
  return row?.id;
}

export interface HolderCandidate {
  id: bigint;
  organisationId: bigint;
  roleName: string;
}

export async function findActiveUser(db: Db, userId: bigint): Promise<HolderCandidate | undefined> {
  const [row] = await db
    .select({ id: users.id, organisationId: users.organisationId, roleName: roles.name })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, userId), eq(users.deleted, false)))
    .limit(1);
  return row;
}

/** The organisation's first (oldest) enabled user with one of `roleNames`: the default account holder. */
export async function firstUserWithRole(
  db: Db,
  organisationId: bigint,
  roleNames: readonly string[],
): Promise<bigint | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(users.organisationId, organisationId),
        eq(users.deleted, false),
        eq(users.isEnabled, true),
        inArray(roles.name, [...roleNames]),
      ),
    )
    .orderBy(asc(users.id))
    .limit(1);
  return row?.id;
}

export async function findOrganisation(db: Db, id: bigint) {
  const [row] = await db
    .select({ id: organisations.id, kind: organisations.kind })
    .from(organisations)
    .where(and(eq(organisations.id, id), eq(organisations.deleted, false)))
    .limit(1);
  return row;
}

// ---- the ledger ----

const transactionColumns = {
  id: walletTransactions.id,
  walletId: walletTransactions.walletId,
  transactionType: walletTransactions.transactionType,
  amountPaise: walletTransactions.amountPaise,
  balanceAfterPaise: walletTransactions.balanceAfterPaise,
  description: walletTransactions.description,
  reference: walletTransactions.reference,
  createdAt: walletTransactions.createdAt,
  createdBy: { id: users.id, firstName: users.firstName, lastName: users.lastName },
};

export type TransactionRow = NonNullable<Awaited<ReturnType<typeof findTransaction>>>;

export interface TransactionFilter {
  transactionType?: TransactionType | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  search?: string | undefined;
}

function transactionWhere(walletId: bigint, filter: TransactionFilter): SQL | undefined {
  const term = filter.search?.trim();
  return and(
    eq(walletTransactions.walletId, walletId),
    filter.transactionType === undefined
      ? undefined
      : eq(walletTransactions.transactionType, filter.transactionType),
    filter.from === undefined ? undefined : gte(walletTransactions.createdAt, filter.from),
    filter.to === undefined ? undefined : lte(walletTransactions.createdAt, filter.to),
    term ? ilike(walletTransactions.description, containsPattern(term)) : undefined,
  );
}

export interface TransactionPage extends ListPage<TransactionRow> {
  creditPaise: number;
  debitPaise: number;
}

/** Newest first (the id breaks ties within one instant), with credit and debit sums over every matching row. */
export async function listTransactions(
  db: Db,
  walletId: bigint,
  filter: TransactionFilter,
  paging: Pick<ListQuery, 'page' | 'pageSize'>,
): Promise<TransactionPage> {
  const where = transactionWhere(walletId, filter);
  const { offset, limit } = listOffset(paging);
  const items = await db
    .select(transactionColumns)
    .from(walletTransactions)
    .leftJoin(users, eq(users.id, walletTransactions.createdByUserId))
    .where(where)
    .orderBy(desc(walletTransactions.createdAt), desc(walletTransactions.id))
    .limit(limit)
    .offset(offset);
  const [sums] = await db
    .select({
      n: sql<string>`count(*)::text`,
      credit: sql<string>`coalesce(sum(${walletTransactions.amountPaise}) filter (where ${walletTransactions.transactionType} = 'CREDIT'), 0)::text`,
      debit: sql<string>`coalesce(sum(${walletTransactions.amountPaise}) filter (where ${walletTransactions.transactionType} = 'DEBIT'), 0)::text`,
    })
    .from(walletTransactions)
    .where(where);
  return {
    items,
    total: Number(sums?.n ?? 0),
    page: paging.page,
    pageSize: paging.pageSize,
    creditPaise: Number(sums?.credit ?? 0),
    debitPaise: Number(sums?.debit ?? 0),
  };
}

export async function findTransaction(db: Db, id: bigint) {
  const [row] = await db
    .select(transactionColumns)
    .from(walletTransactions)
    .leftJoin(users, eq(users.id, walletTransactions.createdByUserId))
    .where(eq(walletTransactions.id, id))
    .limit(1);
  return row;
}

/** Locks the wallet row until the transaction ends (serialises add-money checks on one wallet). */
export async function lockWallet(db: Db, id: bigint): Promise<boolean> {
  const found = await db.select({ id: wallets.id }).from(wallets).where(eq(wallets.id, id)).for('update');
  return found.length > 0;
}

export async function hasTransactionWithReference(
  db: Db,
  walletId: bigint,
  reference: string,
): Promise<boolean> {
  const found = await db
    .select({ id: walletTransactions.id })
    .from(walletTransactions)
    .where(and(eq(walletTransactions.walletId, walletId), eq(walletTransactions.reference, reference)))
    .limit(1);
  return found.length > 0;
}
