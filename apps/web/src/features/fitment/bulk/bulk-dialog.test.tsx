import { ACTIVATION_CSV_COLUMNS, ACTIVATION_CSV_SAMPLE, type ActivationBulkRow } from '@civicfleet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { deferred, ok, stubFetch, type RecordedCall } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';
import { plans, rfcAdmin } from '../testing/fixtures';

const csvFile = (text: string, name = 'activations.csv') => new File([text], name, { type: 'text/csv' });

/** A file of `count` rows in the spec's column order. */
function rowsCsv(count: number): string {
  const line = (i: number) =>
    ACTIVATION_CSV_COLUMNS.map((c) => {
      if (c === 'registrationNumber') return `MP09AB${String(1000 + i)}`;
      if (c === 'imei') return String(356307042440000 + i);
      if (c === 'category') return 'Goods';
      if (c === 'rto') return 'Indore';
      if (c === 'rtoCode') return 'MP_09';
      if (c === 'customerPhone') return '9876543210';
      if (c === 'durationInDays') return '365';
      return '';
    }).join(',');
  return [ACTIVATION_CSV_COLUMNS.join(','), ...Array.from({ length: count }, (_, i) => line(i + 1))].join(
    '\n',
  );
}

/** The server's per-row answer: every row created except the given row numbers. */
const answer = (failed: number[]) => (call: RecordedCall) => {
  const rows = (call.body as { rows: ActivationBulkRow[] }).rows;
  const results = rows.map((r) =>
    failed.includes(r.row)
      ? { row: r.row, success: false, message: 'This device is already installed on another vehicle.' }
      : { row: r.row, success: true, message: 'Fitment created', fitmentId: String(r.row) },
  );
  const created = results.filter((r) => r.success).length;
  return ok({ created, failed: results.length - created, rows: results });
};

async function openDialog() {
  const user = userEvent.setup();
  renderApp('/fitment/add', rfcAdmin);
  await user.click(await screen.findByRole('button', { name: 'Bulk Upload' }, { timeout: 30_000 }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Create Multiple Activations' }));
  return { user, dialog };
}

describe('Create Multiple Activations', () => {
  it('shows the manual and refuses a file whose header lacks a required column', async () => {
    stubFetch({ 'GET /rto/states': ok([]), 'GET /activation-plans': ok(plans) });
    const { user, dialog } = await openDialog();
    await user.click(dialog.getByRole('button', { name: 'How to fill the file' }));
    const manual = within(await screen.findByRole('dialog', { name: 'Bulk upload manual' }));
    const columns = manual.getByRole('table', { name: 'CSV columns' });
    const names = within(columns)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[0]?.textContent);
    expect(names).toEqual([...ACTIVATION_CSV_COLUMNS]);
    await user.click(manual.getByRole('button', { name: 'Close' }));
    // Until the manual has left (its exit transition), the dialog under it is aria-hidden.
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Bulk upload manual' })).not.toBeInTheDocument(),
    );

    await user.upload(
      dialog.getByLabelText('CSV file'),
      csvFile('category,registrationNumber,imei\nGoods,MP09AB1234,1\n'),
    );
    expect(
      await dialog.findByText('Required fields are not present or Headers are wrong'),
    ).toBeInTheDocument();
    expect(
      dialog.getByText('Missing columns: rto, rtoCode, customerPhone, durationInDays'),
    ).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Upload' })).toBeDisabled();

    await user.upload(dialog.getByLabelText('CSV file'), csvFile(ACTIVATION_CSV_SAMPLE));
    expect(await dialog.findByText('1 row ready to upload')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Upload' })).toBeEnabled();
  }, 60_000);

  it('sends 100 rows at a time under a progress overlay, then lists the results with failures highlighted', async () => {
    const first = deferred(() => answer([2])({ body: { rows: sentRows(0) } } as RecordedCall));
    const second = deferred(() => answer([])({ body: { rows: sentRows(1) } } as RecordedCall));
    const network = stubFetch({
      'GET /rto/states': ok([]),
      'GET /activation-plans': ok(plans),
      'POST /activation/bulk': [first.reply, second.reply],
    });
    /** The rows of the n-th POST, as recorded. */
    const sentRows = (n: number) =>
      (network.callsTo('POST /activation/bulk')[n]?.body as { rows: ActivationBulkRow[] }).rows;
    let saved = '';
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      void (blob as Blob).text().then((text) => {
        saved = text;
      });
      return 'blob:failed';
    });

    const { user, dialog } = await openDialog();
    await user.upload(dialog.getByLabelText('CSV file'), csvFile(rowsCsv(150)));
    expect(await dialog.findByText('150 rows ready to upload')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('0%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Creating activations…' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    first.release();
    expect(await screen.findByText('67%')).toBeInTheDocument();
    second.release();

    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(dialog.getByText('149 created, 1 failed')).toBeInTheDocument();
    const sent = network.callsTo('POST /activation/bulk');
    expect(sent.map((c) => (c.body as { rows: unknown[] }).rows.length)).toEqual([100, 50]);
    expect((sent[0]?.body as { rows: ActivationBulkRow[] }).rows[0]).toEqual({
      row: 1,
      category: 'Goods',
      registrationNumber: 'MP09AB1001',
      rto: 'Indore',
      rtoCode: 'MP_09',
      imei: '356307042440001',
      customerPhone: '9876543210',
      durationInDays: '365',
    });

    const results = within(dialog.getByRole('table', { name: 'Results per row' }));
    const failedRows = results.getAllByRole('row').filter((r) => r.dataset.failed === 'true');
    expect(failedRows).toHaveLength(1);
    expect(within(failedRows[0] as HTMLElement).getByText('MP09AB1002')).toBeInTheDocument();
    expect(
      within(failedRows[0] as HTMLElement).getByText('This device is already installed on another vehicle.'),
    ).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Download failed rows (CSV)' }));
    await waitFor(() => expect(saved).toContain('MP09AB1002'));
    expect(saved.split('\r\n')[0]).toBe(`row,${ACTIVATION_CSV_COLUMNS.join(',')},error`);
    expect(saved).not.toContain('MP09AB1001');
  }, 90_000);

  it('toasts "Activations created successfully" when every row was created', async () => {
    stubFetch({
      'GET /rto/states': ok([]),
      'GET /activation-plans': ok(plans),
      'POST /activation/bulk': answer([]),
    });
    const { user, dialog } = await openDialog();
    await user.upload(dialog.getByLabelText('CSV file'), csvFile(rowsCsv(3)));
    await user.click(await dialog.findByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Activations created successfully')).toBeInTheDocument();
    expect(dialog.getByText('3 created, 0 failed')).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Download failed rows (CSV)' })).not.toBeInTheDocument();
  }, 60_000);
});
