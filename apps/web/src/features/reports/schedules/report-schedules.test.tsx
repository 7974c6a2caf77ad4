import type { ReportSchedule } from '@civicfleet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';

const schedule: ReportSchedule = {
  id: '5',
  organisationId: '7',
  organisationName: 'Indore Municipal Corporation',
  createdBy: '2',
  createdByName: 'Rakesh Verma',
  name: 'Daily distance',
  reportId: 'cumulative-distance-report',
  reportTitle: 'Cumulative Distance Report',
  filter: { dayBreakdown: true },
  range: 'previous-day',
  frequency: 'weekly',
  dayOfWeek: 5,
  dayOfMonth: null,
  timeOfDay: '06:30',
  timeZone: 'Asia/Kolkata',
  formats: ['xlsx', 'pdf'],
  recipients: [{ id: '2', name: 'Rakesh Verma', email: 'admin@demo.civicfleet.in' }],
  enabled: true,
  nextRunAt: '2026-11-27T01:00:00.000Z',
  lastRunAt: '2026-11-26T09:05:50.000Z',
  lastStatus: 'failed',
  lastError: 'Rakesh Verma, who created this schedule, is disabled',
  createdAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
};

const page = (items: ReportSchedule[]) => ok({ items, total: items.length, page: 1, pageSize: 10 });
const manager = {
  roleName: 'ADMIN',
  permissions: [
    'report-schedule',
    'report-schedule:add-report-schedule',
    'report-schedule:edit-report-schedule-result-table',
    'report-schedule:delete-report-schedule-result-table',
    'report-cumulative-distance-report',
  ],
};

const rowOf = async (text: string) => {
  const row = (await screen.findByText(text)).closest('tr');
  if (!row) throw new Error('no row');
  return row;
};

describe('scheduled reports', () => {
  it('lists schedules with their calendar and last status, runs one now and switches it off', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /report-schedule': page([schedule]),
      'POST /report-schedule/5/run-now': ok({
        schedule: { ...schedule, lastStatus: 'ok', lastError: null },
        run: { status: 'ok', error: null, mailed: 1 },
      }),
      'PUT /report-schedule/5': ok({ ...schedule, enabled: false }),
    });
    renderApp('/reports/schedules', manager);
    const row = await rowOf('Daily distance');
    expect(within(row).getByText('Cumulative Distance Report')).toBeInTheDocument();
    expect(within(row).getByText('Every Friday at 06:30')).toBeInTheDocument();
    expect(within(row).getByText('27/11/2026 06:30:00')).toBeInTheDocument();
    expect(within(row).getByText('Failed')).toBeInTheDocument();
    expect(within(row).getByText('Rakesh Verma')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Actions for Daily distance' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Run now' }));
    expect(await screen.findByText('Report sent to 1 recipient')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Actions for Daily distance' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Disable' }));
    await waitFor(() => expect(network.callsTo('PUT /report-schedule/5')).toHaveLength(1));
    expect(network.callsTo('PUT /report-schedule/5')[0]?.body).toMatchObject({
      name: 'Daily distance',
      enabled: false,
      recipients: ['2'],
      dayOfWeek: 5,
    });
  });

  it('edits a schedule in the dialog and shows the server message when it is refused', async () => {
    const user = userEvent.setup();
    const refused = 'Kavita Rathore has no e-mail address: add one or choose another recipient';
    const network = stubFetch({
      'GET /report-schedule': page([schedule]),
      'GET /report-schedule/recipients': ok(schedule.recipients),
      'PUT /report-schedule/5': [fail(400, refused), ok({ ...schedule, frequency: 'daily' })],
    });
    renderApp('/reports/schedules', manager);
    const row = await rowOf('Daily distance');
    await user.click(within(row).getByRole('button', { name: 'Actions for Daily distance' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit scheduled report' }));
    expect(dialog.getByRole('textbox', { name: /^Name/ })).toHaveValue('Daily distance');
    await user.click(dialog.getByRole('combobox', { name: 'Frequency' }));
    await user.click(await screen.findByRole('option', { name: 'Daily' }));
    expect(dialog.queryByRole('combobox', { name: 'Day of the week' })).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText(refused)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(network.callsTo('PUT /report-schedule/5')).toHaveLength(2));
    expect(network.callsTo('PUT /report-schedule/5')[1]?.body).toMatchObject({
      frequency: 'daily',
      dayOfWeek: null,
      filter: { dayBreakdown: true },
    });
    expect(await screen.findByText('Schedule "Daily distance" updated')).toBeInTheDocument();
  });

  it('says so when there are no schedules', async () => {
    stubFetch({ 'GET /report-schedule': page([]) });
    renderApp('/reports/schedules', manager);
    expect(
      await screen.findByText('No scheduled reports yet. Open a report and press Schedule to add one.'),
    ).toBeInTheDocument();
  });
});
