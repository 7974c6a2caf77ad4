import type { Job } from '@civicfleet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';

const morning: Job = {
  id: '8',
  organisationId: '7',
  name: 'Ward 12 morning collection',
  scheduleType: 'Recurring',
  recurrence: 'custom',
  daysOfWeek: [1, 3, 5],
  startDate: '2026-11-01',
  endDate: null,
  startTime: '06:00',
  endTime: '10:30',
  vehicle: { id: '31', registrationNumber: 'MP09AB1234' },
  route: { id: '4', name: 'Palasia loop' },
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
};
const night: Job = {
  ...morning,
  id: '9',
  name: 'Market night sweep',
  scheduleType: 'One Time',
  recurrence: null,
  daysOfWeek: [],
  startDate: '2026-11-25',
  endDate: '2026-11-25',
  startTime: '22:00',
  endTime: '02:00',
  route: null,
};

const page = <T,>(items: T[]) => ok({ items, total: items.length, page: 1, pageSize: 10 });
const vehicleOption = {
  id: '31',
  organisation: { id: '7', tradeName: 'Indore Municipal Corporation', brandName: 'IMC' },
  category: null,
  registrationNumber: 'MP09AB1234',
  engineNo: null,
  chassisNo: null,
  rto: null,
  rtoCode: null,
  make: null,
  model: null,
  regDate: null,
  rcImages: [],
  kind: null,
  type: null,
  groupId: null,
  zoneId: null,
  circleId: null,
  wardId: null,
  ownerUserId: null,
  isTrackingActivated: true,
  speedLimitKph: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  device: null,
};
const routeOption = {
  id: '4',
  organisationId: '7',
  name: 'Palasia loop',
  path: { type: 'LineString', coordinates: [] },
  corridorM: 50,
  checkpoints: [],
  vehicleIds: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const manager = {
  roleName: 'ADMIN',
  permissions: [
    'job',
    'job:add-job',
    'job:edit-job-result-table',
    'job:delete-job-result-table',
    'vehicle',
    'route',
  ],
  user: { id: '1', organisation: { id: '7', tradeName: 'Indore Municipal Corporation', brandName: 'IMC' } },
};

const rowOf = async (text: string) => {
  const row = (await screen.findByText(text)).closest('tr');
  if (!row) throw new Error('no row');
  return row;
};

describe('jobs', () => {
  it('lists job schedules from the server and hides add, edit and delete without permission', async () => {
    stubFetch({ 'GET /job': page([morning, night]) });
    renderApp('/management/job', { roleName: 'ADMIN', permissions: ['job'] });
    expect(await screen.findByRole('heading', { name: 'Jobs' })).toBeInTheDocument();
    const row = await rowOf('Ward 12 morning collection');
    expect(within(row).getByText('Custom: Mon, Wed, Fri')).toBeInTheDocument();
    expect(within(row).getByText('From 01/11/2026')).toBeInTheDocument();
    expect(within(row).getByText('06:00–10:30')).toBeInTheDocument();
    expect(within(row).getByText('MP09AB1234')).toBeInTheDocument();
    expect(within(row).getByText('Palasia loop')).toBeInTheDocument();
    const other = await rowOf('Market night sweep');
    expect(within(other).getByText('One Time')).toBeInTheDocument();
    expect(within(other).getByText('25/11/2026')).toBeInTheDocument();
    expect(within(other).getByText('22:00–02:00 (next day)')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add job' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
  });

  it('deletes a job after the confirmation', async () => {
    const user = userEvent.setup();
    const network = stubFetch({ 'GET /job': page([morning]), 'DELETE /job/8': ok(null) });
    renderApp('/management/job', manager);
    const row = await rowOf('Ward 12 morning collection');
    expect(screen.getByRole('link', { name: 'Add job' })).toHaveAttribute('href', '/management/job/add');
    await user.click(within(row).getByRole('button', { name: 'Actions for Ward 12 morning collection' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('dialog'));
    expect(confirm.getByText('Do you really want to delete this product?')).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: /delete/i }));
    expect(await screen.findByText('You successfully deleted the item')).toBeInTheDocument();
    expect(network.callsTo('DELETE /job/8')).toHaveLength(1);
  });

  it('shows the schedule rules of the contract before sending anything', async () => {
    const user = userEvent.setup();
    const network = stubFetch({ 'GET /vehicle': page([vehicleOption]), 'GET /route': page([routeOption]) });
    renderApp('/management/job/add', manager);
    const submit = await screen.findByRole('button', { name: 'Add job' });
    await user.click(screen.getByRole('combobox', { name: /^Repeats/ }));
    await user.click(await screen.findByRole('option', { name: 'Custom days of the week' }));
    await user.type(screen.getByLabelText(/^Start time/), '10:00');
    await user.type(screen.getByLabelText(/^End time/), '10:00');
    await user.click(screen.getByRole('combobox', { name: /^Route/ }));
    await user.click(await screen.findByRole('option', { name: 'Palasia loop' }));
    expect(network.callsTo('GET /route')[0]?.query.get('organisationId')).toBe('7');
    await user.click(submit);
    expect(await screen.findByText('The name is required')).toBeInTheDocument();
    expect(screen.getByText('Choose a vehicle')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one day of the week')).toBeInTheDocument();
    expect(screen.getByText('The start and end times cannot be equal')).toBeInTheDocument();
    expect(screen.getByText('The Start date field is required')).toBeInTheDocument();
    expect(network.callsTo('POST /job')).toHaveLength(0);
  });

  it('maps server errors to fields, then creates the job and returns to the list', async () => {
    const user = userEvent.setup();
    const wrongVehicle = "The vehicle must be a vehicle of the job's organisation";
    const network = stubFetch({
      'GET /vehicle': page([vehicleOption]),
      'GET /route': page([routeOption]),
      'POST /job': [fail(400, wrongVehicle, { vehicleId: wrongVehicle }), ok(morning)],
      'GET /job': page([morning]),
    });
    renderApp('/management/job/add', manager);
    const submit = await screen.findByRole('button', { name: 'Add job' });
    await user.click(screen.getByLabelText(/^Name/));
    await user.paste('Ward 12 morning collection');
    await user.type(screen.getByLabelText(/^Start time/), '22:00');
    await user.type(screen.getByLabelText(/^End time/), '02:00');
    await user.click(screen.getByRole('combobox', { name: /^Vehicle/ }));
    await user.click(await screen.findByRole('option', { name: 'MP09AB1234' }));
    const startDate = screen.getByRole('group', { name: /^Start date/ });
    await user.click(within(startDate).getAllByRole('spinbutton')[0] ?? startDate);
    await user.keyboard('01112026');
    await user.click(submit);
    expect(await screen.findAllByText(wrongVehicle)).not.toHaveLength(0);
    expect(network.callsTo('POST /job')[0]?.body).toEqual({
      name: 'Ward 12 morning collection',
      scheduleType: 'Recurring',
      recurrence: 'daily',
      daysOfWeek: [],
      startDate: '2026-11-01',
      endDate: null,
      startTime: '22:00',
      endTime: '02:00',
      vehicleId: '31',
      routeId: null,
    });
    await user.click(submit);
    expect(await screen.findByText('Job created')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Jobs' })).toBeInTheDocument();
  });

  it('edits a job: shows its vehicle and route, and a one-time job sends no recurrence', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /job/8': ok(morning),
      'PUT /job/8': ok({ ...morning, scheduleType: 'One Time' }),
      'GET /job': page([morning]),
      'GET /vehicle': page([]),
      'GET /route': page([]),
    });
    renderApp('/management/job/edit/8', manager);
    expect(await screen.findByRole('combobox', { name: /^Vehicle/ })).toHaveValue('MP09AB1234');
    expect(screen.getByRole('combobox', { name: /^Route/ })).toHaveValue('Palasia loop');
    expect(screen.getByRole('button', { name: 'Wednesday' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Tuesday' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('combobox', { name: /^Schedule type/ }));
    await user.click(await screen.findByRole('option', { name: 'One Time' }));
    expect(screen.queryByRole('button', { name: 'Wednesday' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Job updated')).toBeInTheDocument();
    await waitFor(() => expect(network.callsTo('PUT /job/8')).toHaveLength(1));
    expect(network.callsTo('PUT /job/8')[0]?.body).toMatchObject({
      scheduleType: 'One Time',
      recurrence: null,
      daysOfWeek: [],
      endDate: null,
      vehicleId: '31',
      routeId: '4',
    });
  });

  it('edits the custom days of a recurring job', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /job/8': ok(morning),
      'PUT /job/8': ok(morning),
      'GET /job': page([morning]),
      'GET /vehicle': page([]),
      'GET /route': page([]),
    });
    renderApp('/management/job/edit/8', manager);
    await user.click(await screen.findByRole('button', { name: 'Tuesday' }));
    await user.click(screen.getByRole('button', { name: 'Friday' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Job updated')).toBeInTheDocument();
    expect(network.callsTo('PUT /job/8')[0]?.body).toMatchObject({
      scheduleType: 'Recurring',
      recurrence: 'custom',
      daysOfWeek: [1, 2, 3],
      endDate: null,
    });
  });
});
