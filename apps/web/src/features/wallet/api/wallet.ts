/** /v1/wallet calls (contract: packages/shared wallet.contract.ts) with their query keys. */
import {
  WalletChangeSchema,
  WalletListSchema,
  WalletPageSchema,
  WalletSchema,
  WalletTransactionPageSchema,
  type AddMoneyBody,
  type CreateWalletBody,
  type DeductMoneyBody,
  type ListQuery,
  type Wallet,
  type WalletChange,
  type WalletTransaction,
  type WalletTransactionPage,
} from '@civicfleet/shared';
import { apiRequest } from '@/api/client';
import type { TransactionFilterQuery } from '../wallet-filter';

export const walletKeys = {
  all: ['wallets'] as const,
  mine: (userId: string, organisationId: string) =>
    [...walletKeys.all, 'mine', userId, organisationId] as const,
  list: () => [...walletKeys.all, 'list'] as const,
  transactions: (walletId: string, filter: TransactionFilterQuery) =>
    [...walletKeys.all, 'transactions', walletId, filter] as const,
  summary: (walletId: string, filter: TransactionFilterQuery) =>
    [...walletKeys.all, 'summary', walletId, filter] as const,
};

/**
 * The signed-in user's wallet (spec 02 §7: GET wallet with userId, first result). A wallet belongs to an
 * organisation and names one account holder; another ADMIN/RFC_ADMIN of the same organisation finds it by the
 * organisation. Null when the organisation has none yet.
 */
export async function getMyWallet(userId: string, organisationId: string): Promise<Wallet | null> {
  const held = await apiRequest({
    method: 'GET',
    path: '/wallet',
    query: { userId },
    schema: WalletListSchema,
  });
  if (held[0]) return held[0];
  const ofOrganisation = await apiRequest({
    method: 'GET',
    path: '/wallet',
    query: { organisationId },
    schema: WalletListSchema,
  });
  return ofOrganisation[0] ?? null;
}

/** Every wallet (SUPER_ADMIN, /management/wallet). */
export function listWallets(query: ListQuery) {
  return apiRequest({ method: 'GET', path: '/wallet/all', query: { ...query }, schema: WalletPageSchema });
}

export function createWallet(body: CreateWalletBody): Promise<Wallet> {
  return apiRequest({ method: 'POST', path: '/wallet', body, schema: WalletSchema });
}

export function listTransactions(
  walletId: string,
  query: Partial<ListQuery> & TransactionFilterQuery,
): Promise<WalletTransactionPage> {
  return apiRequest({
    method: 'GET',
    path: `/wallet/${walletId}/transactions`,
    query: { ...query },
    schema: WalletTransactionPageSchema,
  });
}

/** The largest page the list contract allows: the CSV pages through the filter with it. */
const EXPORT_PAGE_SIZE = 100;

/** Every transaction of the filter, newest first (the CSV: "all rows of the filter", not just the page on screen). */
export async function listAllTransactions(
  walletId: string,
  filter: TransactionFilterQuery,
  search?: string,
): Promise<WalletTransaction[]> {
  const rows: WalletTransaction[] = [];
  for (let page = 1; ; page++) {
    const answer = await listTransactions(walletId, {
      ...filter,
      ...(search ? { search } : {}),
      page,
      pageSize: EXPORT_PAGE_SIZE,
    });
    rows.push(...answer.items);
    if (answer.items.length < EXPORT_PAGE_SIZE || rows.length >= answer.total) return rows;
  }
}

export function addMoney(walletId: string, body: AddMoneyBody): Promise<WalletChange> {
  return apiRequest({ method: 'PUT', path: `/wallet/add/${walletId}`, body, schema: WalletChangeSchema });
}

export function deductMoney(walletId: string, body: DeductMoneyBody): Promise<WalletChange> {
  return apiRequest({ method: 'PUT', path: `/wallet/deduct/${walletId}`, body, schema: WalletChangeSchema });
}
