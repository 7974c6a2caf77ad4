/**
 * The transaction filter of /account/wallet (spec 02 §2, §5): Transaction Type, From Date, To Date. It lives in the
 * URL (`?type=CREDIT&from=2026-11-01&to=2026-11-26`) so a filtered view can be reloaded and shared; the server gets
 * the start of the From day and the end of the To day in Asia/Kolkata as ISO instants, empty values left out.
 */
import { TRANSACTION_TYPES, type WalletTransactionQuery } from '@civicfleet/shared';
import { APP_TIME_ZONE, dayjs } from '@/lib/format';

export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export interface WalletFilter {
  /** '' = both. */
  transactionType: TransactionType | '';
  /** `YYYY-MM-DD` (a calendar day in Asia/Kolkata) or null. */
  fromDate: string | null;
  toDate: string | null;
}

export const EMPTY_FILTER: WalletFilter = { transactionType: '', fromDate: null, toDate: null };

export type TransactionFilterQuery = Pick<WalletTransactionQuery, 'transactionType' | 'fromDate' | 'toDate'>;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const asDay = (value: string | null | undefined) =>
  value && ISO_DAY.test(value) && dayjs(value).isValid() ? value : null;

export function filterFromParams(params: URLSearchParams): WalletFilter {
  const type = params.get('type');
  return {
    transactionType: TRANSACTION_TYPES.find((t) => t === type) ?? '',
    fromDate: asDay(params.get('from')),
    toDate: asDay(params.get('to')),
  };
}

/** Writes the filter into `params` (empty values removed), keeping the page's other parameters. */
export function writeFilterParams(params: URLSearchParams, filter: WalletFilter): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null) => {
    if (value) next.set(key, value);
    else next.delete(key);
  };
  set('type', filter.transactionType || null);
  set('from', filter.fromDate);
  set('to', filter.toDate);
  return next;
}

/** The query of GET /wallet/{id}/transactions: from → 00:00:00.000, to → 23:59:59.999 IST, empty values dropped. */
export function toTransactionQuery(filter: WalletFilter): TransactionFilterQuery {
  const query: TransactionFilterQuery = {};
  if (filter.transactionType) query.transactionType = filter.transactionType;
  if (filter.fromDate) query.fromDate = dayjs.tz(filter.fromDate, APP_TIME_ZONE).startOf('day').toISOString();
  if (filter.toDate) query.toDate = dayjs.tz(filter.toDate, APP_TIME_ZONE).endOf('day').toISOString();
  return query;
}
