/** Fixtures of the wallet page tests (shapes of packages/shared wallet.contract.ts). */
import type { Wallet, WalletTransaction, WalletTransactionPage } from '@civicfleet/shared';

export const wallet = (over: Partial<Wallet> = {}): Wallet => ({
  id: '7',
  balancePaise: 150000,
  organisation: { id: '3', tradeName: 'Malwa Auto Electricals', kind: 'VENDOR' },
  holder: { id: '6', name: 'Pooja Malviya', phone: '+919000000006', email: 'rfc_admin@demo.civicfleet.in' },
  lastTransactionAt: '2026-11-20T06:30:00.000Z',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-20T06:30:00.000Z',
  ...over,
});

export const credit: WalletTransaction = {
  id: '41',
  walletId: '7',
  transactionType: 'CREDIT',
  amountPaise: 200000,
  balanceAfterPaise: 200000,
  description: 'Wallet recharge (bank ref. UTR0001)',
  reference: 'payment:UTR0001',
  createdBy: { id: '1', name: 'Aditi Sharma' },
  createdAt: '2026-11-10T04:30:00.000Z',
};

export const debit: WalletTransaction = {
  id: '42',
  walletId: '7',
  transactionType: 'DEBIT',
  amountPaise: 50000,
  balanceAfterPaise: 150000,
  description: 'Activation, MP09AB1234, 1 year',
  reference: 'fitment:12',
  createdBy: null,
  createdAt: '2026-11-20T06:30:00.000Z',
};

export function transactionPage(
  items: WalletTransaction[],
  over: Partial<WalletTransactionPage> = {},
): WalletTransactionPage {
  const creditPaise = items
    .filter((i) => i.transactionType === 'CREDIT')
    .reduce((s, i) => s + i.amountPaise, 0);
  const debitPaise = items
    .filter((i) => i.transactionType === 'DEBIT')
    .reduce((s, i) => s + i.amountPaise, 0);
  return {
    items,
    total: items.length,
    page: 1,
    pageSize: 10,
    creditPaise,
    debitPaise,
    netPaise: creditPaise - debitPaise,
    ...over,
  };
}
