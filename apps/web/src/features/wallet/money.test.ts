import { describe, expect, it } from 'vitest';
import { parseRupees } from './money';
import { toTransactionQuery } from './wallet-filter';
import { buildTransactionsCsv } from './transactions-csv';
import { credit, debit } from './wallet-test-data';

describe('wallet money', () => {
  it('reads typed rupees exactly, refusing what is not money', () => {
    expect(parseRupees('1500')).toEqual({ paise: 150000 });
    expect(parseRupees('₹ 1,500.5')).toEqual({ paise: 150050 });
    expect(parseRupees('0.1')).toEqual({ paise: 10 });
    expect(parseRupees('')).toEqual({ problem: 'amountRequired' });
    expect(parseRupees('12.345')).toEqual({ problem: 'amountInvalid' });
    expect(parseRupees('-5')).toEqual({ problem: 'amountInvalid' });
    expect(parseRupees('0.00')).toEqual({ problem: 'amountPositive' });
    expect(parseRupees('10000001')).toEqual({ problem: 'amountTooLarge' });
  });

  it('sends the filter days as the start and end of the day in Asia/Kolkata, dropping empty values', () => {
    expect(toTransactionQuery({ transactionType: '', fromDate: null, toDate: null })).toEqual({});
    expect(
      toTransactionQuery({ transactionType: 'DEBIT', fromDate: '2026-11-01', toDate: '2026-11-20' }),
    ).toEqual({
      transactionType: 'DEBIT',
      fromDate: '2026-10-31T18:30:00.000Z',
      toDate: '2026-11-20T18:29:59.999Z',
    });
  });

  it('writes the Transactions CSV with the spec columns, IST dates and rupees', async () => {
    const csv = await buildTransactionsCsv([debit, credit], {
      date: 'Date',
      transactionType: 'Transaction Type',
      description: 'Description',
      amount: 'Amount (rupees)',
    });
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFDate,Transaction Type,Description,Amount (rupees)',
      '20/11/2026 12:00:00,DEBIT,"Activation, MP09AB1234, 1 year",500.00',
      '10/11/2026 10:00:00,CREDIT,Wallet recharge (bank ref. UTR0001),2000.00',
      '',
    ]);
  });
});
