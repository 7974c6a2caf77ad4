import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';
import {
  activationResult,
  approvedRow,
  fitmentRow,
  fitter,
  page,
  plans,
  rfcAdmin,
} from '../testing/fixtures';

const rowOf = async (text: string) => {
  const row = (await screen.findByText(text)).closest('tr');
  if (!row) throw new Error('no row');
  return row;
};

describe('fitment list', () => {
  it('shows the columns, the status chips and only the actions the session holds', async () => {
    const user = userEvent.setup();
    stubFetch({ 'GET /fitment': page([fitmentRow, approvedRow]) });
    renderApp('/fitment', fitter);
    expect(await screen.findByRole('heading', { name: 'Fitments', level: 1 })).toBeInTheDocument();
    const row = await rowOf('MP09AB1234');
    for (const text of [
      '356307042441013',
      'Kavita Rathore',
      'Ramesh Yadav',
      '20/11/2026',
      '1 year',
      'Pending',
    ])
      expect(within(row).getByText(text)).toBeInTheDocument();
    const approved = await rowOf('MP09CD5678');
    expect(within(approved).getByText('Approved')).toBeInTheDocument();
    expect(within(approved).getByText('20/11/2027')).toBeInTheDocument();
    expect(within(approved).getByText('-')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add fitment' })).toHaveAttribute('href', '/fitment/add');

    await user.click(within(row).getByRole('button', { name: 'Actions for MP09AB1234' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    for (const name of ['Approve activation', 'Download certificate', 'View certificate', 'Delete'])
      expect(screen.queryByRole('menuitem', { name })).not.toBeInTheDocument();
  });

  it('approves after showing the plan price; an insufficient balance is an error toast', async () => {
    const user = userEvent.setup();
    const refusal = 'Insufficient wallet balance: ₹100.00 available, ₹1,500.00 needed';
    const network = stubFetch({
      'GET /fitment': page([fitmentRow, approvedRow]),
      'GET /activation-plans': ok(plans),
      'PUT /activation/approve/9': [
        fail(400, refusal),
        activationResult(fitmentRow, { balancePaise: 350000, amountPaise: 150000 }),
      ],
    });
    renderApp('/fitment', rfcAdmin);
    const row = await rowOf('MP09AB1234');
    await user.click(within(row).getByRole('button', { name: 'Actions for MP09AB1234' }));
    expect(screen.queryByRole('menuitem', { name: 'Undo activation' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('menuitem', { name: 'Approve activation' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Approve activation?' }));
    expect(await dialog.findByText('Plan price: ₹1,500.00')).toBeInTheDocument();
    expect(dialog.getByText(/debited from the wallet of Malwa Auto/)).toBeInTheDocument();
    expect(dialog.getByText(/for 1 year, until 20\/11\/2027/)).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Approve activation?' })).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Activation approved. Wallet balance: ₹3,500.00')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(network.callsTo('PUT /activation/approve/9')).toHaveLength(2);
  });

  it('undoes an approved activation after confirming the credit, and opens the certificate', async () => {
    const user = userEvent.setup();
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const network = stubFetch({
      'GET /fitment': page([approvedRow]),
      'PUT /activation/undo/10': activationResult(approvedRow, null),
    });
    renderApp('/fitment', rfcAdmin);
    const row = await rowOf('MP09CD5678');
    await user.click(within(row).getByRole('button', { name: 'Actions for MP09CD5678' }));
    expect(screen.queryByRole('menuitem', { name: 'Approve activation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('menuitem', { name: 'View certificate' }));
    expect(open).toHaveBeenCalledWith('/certificate/356307042441021', '_blank', 'noopener');

    await user.click(within(row).getByRole('button', { name: 'Actions for MP09CD5678' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Undo activation' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Undo activation?' }));
    expect(
      dialog.getByText(/₹1,500.00 will be credited back to the wallet of Malwa Auto/),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Undo activation' }));
    expect(await screen.findByText('Activation undone')).toBeInTheDocument();
    expect(network.callsTo('PUT /activation/undo/10')).toHaveLength(1);
  });

  it('filters by activation status and keeps the filter in the URL', async () => {
    const user = userEvent.setup();
    const network = stubFetch({ 'GET /fitment': page([fitmentRow]) });
    const { router } = renderApp('/fitment', rfcAdmin);
    await rowOf('MP09AB1234');
    await user.click(screen.getByRole('combobox', { name: 'Activation status' }));
    await user.click(await screen.findByRole('option', { name: 'Pending' }));
    await waitFor(() =>
      expect(network.callsTo('GET /fitment').at(-1)?.query.get('activationStatus')).toBe('PENDING'),
    );
    expect(router.state.location.search).toBe('?status=PENDING');
    expect(network.callsTo('GET /fitment')[0]?.query.get('sortBy')).toBe('fitmentDate');
  });

  it('shows the empty message and a load failure with Retry', async () => {
    stubFetch({ 'GET /fitment': [fail(500), page([])] });
    renderApp('/fitment', rfcAdmin);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /retry/i }));
    expect(await screen.findByText('No fitments found for the applied filters...')).toBeInTheDocument();
  });
});
