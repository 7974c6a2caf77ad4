import type { RecordedCall } from '@/api/testing/fetch-stub';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { brand } from '@/lib/brand';
import { renderApp } from '@/test/render-app';
import { credit, debit, transactionPage, wallet } from './wallet-test-data';

const rfcAdmin = {
  roleName: 'RFC_ADMIN',
  permissions: ['account-wallet'],
  user: { id: '6', organisation: { id: '3', tradeName: 'Malwa Auto Electricals', brandName: null } },
};

/** The transactions route answers by the asked type, like the server. */
const transactions = (call: RecordedCall) => {
  const type = call.query.get('transactionType');
  const items = [debit, credit].filter((t) => type === null || t.transactionType === type);
  return ok(transactionPage(items));
};

afterEach(() => vi.restoreAllMocks());

describe('/account/wallet', () => {
  it('shows the balance, the gain in the range and the transactions with their signs', async () => {
    const network = stubFetch({ 'GET /wallet': ok([wallet()]), 'GET /wallet/7/transactions': transactions });
    renderApp('/account/wallet', rfcAdmin);
    expect(await screen.findByRole('heading', { name: 'Wallet', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('See your credit balance and transaction history')).toBeInTheDocument();
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('₹1,500.00');
    const inRange = await screen.findByTestId('wallet-in-range');
    expect(inRange).toHaveTextContent('+₹1,500.00');
    expect(inRange).toHaveAttribute('data-trend', 'gain');
    expect(inRange).toHaveStyle({ color: 'rgb(46, 125, 50)' });
    expect(network.callsTo('GET /wallet')[0]?.query.get('userId')).toBe('6');

    const creditRow = (await screen.findByText('Wallet recharge (bank ref. UTR0001)')).closest('tr');
    const debitRow = screen.getByText('Activation, MP09AB1234, 1 year').closest('tr');
    if (!creditRow || !debitRow) throw new Error('rows missing');
    expect(within(creditRow).getByText('10/11/2026 10:00:00')).toBeInTheDocument();
    expect(within(creditRow).getByText('+₹2,000.00')).toHaveAttribute('data-type', 'CREDIT');
    expect(within(debitRow).getByText('-₹500.00')).toHaveAttribute('data-type', 'DEBIT');
    expect(screen.getByPlaceholderText('Search Plans with name...')).toBeInTheDocument();
  });

  it('shows a loss in red with a minus sign and the empty message for a filter without rows', async () => {
    stubFetch({
      'GET /wallet': ok([wallet({ balancePaise: 0 })]),
      'GET /wallet/7/transactions': ok(transactionPage([], { debitPaise: 30000, netPaise: -30000 })),
    });
    renderApp('/account/wallet?type=DEBIT', rfcAdmin);
    const inRange = await screen.findByTestId('wallet-in-range');
    expect(inRange).toHaveTextContent('-₹300.00');
    expect(inRange).toHaveAttribute('data-trend', 'loss');
    expect(inRange).toHaveStyle({ color: 'rgb(211, 47, 47)' });
    expect(
      await screen.findByText('No Wallet Transactions found for the applied filters...'),
    ).toBeInTheDocument();
  });

  it('applies the filter: type, start of the From day and end of the To day in IST, empty values dropped', async () => {
    const network = stubFetch({ 'GET /wallet': ok([wallet()]), 'GET /wallet/7/transactions': transactions });
    const user = userEvent.setup();
    const { router } = renderApp('/account/wallet', rfcAdmin);
    await screen.findByText('Wallet recharge (bank ref. UTR0001)');
    const first = network.callsTo('GET /wallet/7/transactions')[0];
    expect(first?.query.has('transactionType')).toBe(false);
    expect(first?.query.has('fromDate')).toBe(false);

    const form = screen.getByRole('form', { name: 'Transaction filters' });
    await user.click(within(form).getByRole('combobox', { name: 'Transaction Type' }));
    await user.click(await screen.findByRole('option', { name: 'Debit' }));
    const from = within(form).getByRole('group', { name: /From Date/ });
    await user.click(within(from).getByRole('spinbutton', { name: 'Day' }));
    await user.keyboard('01112026');
    const to = within(form).getByRole('group', { name: /To Date/ });
    await user.click(within(to).getByRole('spinbutton', { name: 'Day' }));
    await user.keyboard('20112026');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));

    await waitFor(() =>
      expect(network.callsTo('GET /wallet/7/transactions').at(-1)?.query.get('transactionType')).toBe(
        'DEBIT',
      ),
    );
    const last = network.callsTo('GET /wallet/7/transactions').at(-1);
    expect(last?.query.get('fromDate')).toBe('2026-10-31T18:30:00.000Z');
    expect(last?.query.get('toDate')).toBe('2026-11-20T18:29:59.999Z');
    expect(router.state.location.search).toBe('?type=DEBIT&from=2026-11-01&to=2026-11-20');
    await waitFor(() =>
      expect(screen.queryByText('Wallet recharge (bank ref. UTR0001)')).not.toBeInTheDocument(),
    );
  });

  it('opens Add Money with the brand bank account as copyable read-only fields', async () => {
    stubFetch({ 'GET /wallet': ok([wallet()]), 'GET /wallet/7/transactions': transactions });
    const user = userEvent.setup();
    renderApp('/account/wallet', rfcAdmin);
    await user.click(await screen.findByRole('button', { name: 'Add Money' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Money to wallet' }));
    expect(dialog.getByText(/e-mail the proof of payment to/)).toHaveTextContent(
      `${brand.adminEmail} with the subject 'Wallet Recharge'`,
    );
    const fields = [
      ['A/C BENEFICIARY', brand.bank.beneficiary],
      ['A/C NO', brand.bank.accountNumber],
      ['IFSC', brand.bank.ifsc],
      ['Branch Name', brand.bank.branchName],
    ] as const;
    for (const [label, value] of fields) {
      const input = dialog.getByRole('textbox', { name: label });
      expect(input).toHaveValue(value);
      expect(input).toHaveAttribute('readonly');
    }
    await user.click(dialog.getByRole('button', { name: 'Copy A/C NO' }));
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(brand.bank.accountNumber);
  });

  it('downloads every transaction of the filter as Transactions.csv', async () => {
    const network = stubFetch({ 'GET /wallet': ok([wallet()]), 'GET /wallet/7/transactions': transactions });
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:transactions';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const user = userEvent.setup();
    renderApp('/account/wallet?type=CREDIT', rfcAdmin);
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(names).toEqual(['Transactions.csv']));
    const exportCall = network
      .callsTo('GET /wallet/7/transactions')
      .find((c) => c.query.get('pageSize') === '100');
    expect(exportCall?.query.get('transactionType')).toBe('CREDIT');
    const blob = blobs[0];
    if (!blob) throw new Error('no file');
    // UTF-8 with a byte order mark, so Excel reads it right (Blob.text() drops the mark).
    expect([...new Uint8Array(await blob.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect((await blob.text()).split('\r\n').slice(0, 2)).toEqual([
      'Date,Transaction Type,Description,Amount (rupees)',
      '10/11/2026 10:00:00,CREDIT,Wallet recharge (bank ref. UTR0001),2000.00',
    ]);
  });

  it('says when the organisation has no wallet', async () => {
    const network = stubFetch({ 'GET /wallet': ok([]) });
    renderApp('/account/wallet', rfcAdmin);
    expect(await screen.findByText('No wallet yet')).toBeInTheDocument();
    expect(network.callsTo('GET /wallet').map((c) => c.query.toString())).toEqual([
      'userId=6',
      'organisationId=3',
    ]);
    expect(screen.queryByRole('button', { name: 'Add Money' })).not.toBeInTheDocument();
  });

  it('shows a load failure with Retry (and logs it)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch({
      'GET /wallet': [fail(500, 'Database unavailable'), ok([wallet()])],
      'GET /wallet/7/transactions': transactions,
    });
    const user = userEvent.setup();
    renderApp('/account/wallet', rfcAdmin);
    expect(await screen.findByText('Could not load the wallet.')).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('₹1,500.00');
  });
});

describe('/management/wallet', () => {
  const list = ok({ items: [wallet()], total: 1, page: 1, pageSize: 10 });

  it('lists wallets and validates the credit dialog before recording a verified payment', async () => {
    const network = stubFetch({
      'GET /wallet/all': list,
      'PUT /wallet/add/7': [
        fail(409, 'This bank reference was already credited to this wallet.', {
          reference: 'This bank reference was already credited to this wallet.',
        }),
        ok({ wallet: wallet({ balancePaise: 300050 }), transaction: credit }),
      ],
    });
    const user = userEvent.setup();
    renderApp('/management/wallet', { roleName: 'SUPER_ADMIN' });
    const row = (await screen.findByText('Malwa Auto Electricals')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('Pooja Malviya')).toBeInTheDocument();
    expect(within(row).getByText('₹1,500.00')).toBeInTheDocument();
    expect(within(row).getByText('20/11/2026 12:00:00')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: /Malwa Auto Electricals/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Credit verified payment' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Credit verified payment' }));
    await user.click(dialog.getByRole('button', { name: 'Credit' }));
    expect(await dialog.findByText('Enter the amount')).toBeInTheDocument();
    expect(dialog.getByText('Enter the bank or UTR reference')).toBeInTheDocument();

    await user.type(dialog.getByRole('textbox', { name: /Amount/ }), '1500.555');
    await user.click(dialog.getByRole('button', { name: 'Credit' }));
    expect(await dialog.findByText('Enter an amount in rupees with at most 2 decimals')).toBeInTheDocument();
    expect(network.callsTo('PUT /wallet/add/7')).toHaveLength(0);

    await user.clear(dialog.getByRole('textbox', { name: /Amount/ }));
    await user.type(dialog.getByRole('textbox', { name: /Amount/ }), '1,500.50');
    await user.type(dialog.getByRole('textbox', { name: /Bank \/ UTR reference/ }), ' UTR0002 ');
    await user.click(dialog.getByRole('button', { name: 'Credit' }));
    expect(
      await dialog.findByText('This bank reference was already credited to this wallet.', { selector: 'p' }),
    ).toBeInTheDocument();
    expect(network.callsTo('PUT /wallet/add/7')[0]?.body).toEqual({
      amountPaise: 150050,
      reference: 'UTR0002',
    });

    await user.click(dialog.getByRole('button', { name: 'Credit' }));
    expect(await screen.findByText('Payment credited')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(network.callsTo('GET /wallet/all').length).toBeGreaterThan(1);
  });

  it('hides money actions from a user without them and opens the ledger', async () => {
    stubFetch({ 'GET /wallet/all': list, 'GET /wallet/7/transactions': transactions });
    const user = userEvent.setup();
    renderApp('/management/wallet', { roleName: 'CUSTOM', permissions: ['wallet'] });
    const row = (await screen.findByText('Malwa Auto Electricals')).closest('tr');
    if (!row) throw new Error('no row');
    expect(screen.queryByRole('button', { name: 'Open wallet' })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: /Malwa Auto Electricals/ }));
    expect(screen.queryByRole('menuitem', { name: 'Credit verified payment' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('menuitem', { name: 'View ledger' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Ledger of Malwa Auto Electricals' }));
    expect(await drawer.findByText('payment:UTR0001')).toBeInTheDocument();
    expect(drawer.getByText('-₹500.00')).toBeInTheDocument();
  });

  it('opens a wallet for an organisation', async () => {
    const network = stubFetch({
      'GET /wallet/all': list,
      'GET /organisation': ok({
        items: [
          {
            id: '5',
            parentId: '2',
            kind: 'VENDOR',
            tradeName: 'Narmada Fitments Bhopal',
            brandName: null,
            contact: null,
            email: null,
            address: { country: 'India', landmark: '', pin: '', city: '', state: '' },
            logo: null,
            gst: null,
            isOnboarded: true,
            deleted: false,
            createdAt: '2026-01-01T00:00:00.000Z',
          },
        ],
        total: 1,
        page: 1,
        pageSize: 100,
      }),
      'POST /wallet': ok(wallet({ id: '8', balancePaise: 0 })),
    });
    const user = userEvent.setup();
    renderApp('/management/wallet', { roleName: 'SUPER_ADMIN' });
    await user.click(await screen.findByRole('button', { name: 'Open wallet' }));
    const open = within(await screen.findByRole('dialog', { name: 'Open a wallet' }));
    await user.click(open.getByRole('button', { name: 'Open wallet' }));
    expect(await open.findByText('Choose an organisation')).toBeInTheDocument();
    await user.click(open.getByRole('combobox', { name: /Organisation/ }));
    await user.click(await screen.findByRole('option', { name: 'Narmada Fitments Bhopal' }));
    await user.click(open.getByRole('button', { name: 'Open wallet' }));
    expect(await screen.findByText('Wallet opened')).toBeInTheDocument();
    expect(network.callsTo('POST /wallet')[0]?.body).toEqual({ organisationId: '5' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('deducts with a reason and shows the server refusal', async () => {
    const network = stubFetch({
      'GET /wallet/all': list,
      'PUT /wallet/deduct/7': fail(409, 'Insufficient wallet balance: ₹1500.00 available, ₹2000.00 needed'),
    });
    const user = userEvent.setup();
    renderApp('/management/wallet', { roleName: 'SUPER_ADMIN' });
    await user.click(await screen.findByRole('button', { name: /Actions for Malwa Auto Electricals/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Deduct' }));
    const deduct = within(await screen.findByRole('dialog', { name: 'Deduct from wallet' }));
    expect(deduct.getByText('Current balance: ₹1,500.00')).toBeInTheDocument();
    await user.click(deduct.getByRole('button', { name: 'Deduct' }));
    expect(await deduct.findByText('Enter the reason')).toBeInTheDocument();
    await user.type(deduct.getByRole('textbox', { name: /Amount/ }), '2000');
    await user.type(deduct.getByRole('textbox', { name: /Reason/ }), 'Refund of a duplicate payment');
    await user.click(deduct.getByRole('button', { name: 'Deduct' }));
    expect(
      await screen.findByText('Insufficient wallet balance: ₹1500.00 available, ₹2000.00 needed'),
    ).toBeInTheDocument();
    expect(network.callsTo('PUT /wallet/deduct/7')[0]?.body).toEqual({
      amountPaise: 200000,
      reason: 'Refund of a duplicate payment',
    });
    expect(screen.getByRole('dialog', { name: 'Deduct from wallet' })).toBeInTheDocument();
  });
});
