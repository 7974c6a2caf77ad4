/**
 * The 'Transactions' CSV (spec 02 §2 Wallet): Date, Transaction Type, Description, Amount (rupees), every row of the
 * applied filter. Written with the shared exporter (BOM, RFC 4180 quoting, formula guard), loaded on click.
 */
import type { WalletTransaction } from '@civicfleet/shared';
import { downloadBlob } from '@/components/table/download';
import { formatDateTime } from '@/lib/format';
import { paiseToRupeeText } from '@civicfleet/shared';

export const TRANSACTIONS_FILE_NAME = 'Transactions.csv';

export interface TransactionsCsvHeaders {
  date: string;
  transactionType: string;
  description: string;
  amount: string;
}

export async function buildTransactionsCsv(
  rows: readonly WalletTransaction[],
  headers: TransactionsCsvHeaders,
): Promise<string> {
  const { toCsv } = await import('@civicfleet/exporters');
  return toCsv({
    title: 'Transactions',
    filters: [],
    generatedAt: new Date(),
    columns: [
      { key: 'date', header: headers.date },
      { key: 'transactionType', header: headers.transactionType },
      { key: 'description', header: headers.description },
      { key: 'amount', header: headers.amount },
    ],
    rows: rows.map((r) => ({
      date: formatDateTime(r.createdAt),
      transactionType: r.transactionType,
      description: r.description,
      amount: paiseToRupeeText(r.amountPaise),
    })),
  });
}

export async function downloadTransactionsCsv(
  rows: readonly WalletTransaction[],
  headers: TransactionsCsvHeaders,
): Promise<void> {
  const csv = await buildTransactionsCsv(rows, headers);
  downloadBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), TRANSACTIONS_FILE_NAME);
}
