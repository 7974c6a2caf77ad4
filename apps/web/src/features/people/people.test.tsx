import type {
  AttendanceBoard,
  AttendanceRow,
  DriverChange,
  Staff,
  VehicleAllocation,
} from '@civicfleet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, stubFetch } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';

const ramesh: Staff = {
  id: '11',
  organisationId: '7',
  name: 'Ramesh Yadav',
  phone: '+919826012345',
  role: 'driver',
  zone: { id: '1', name: 'Zone 1' },
  circle: { id: '2', name: 'Circle 2' },
  ward: { id: '3', name: 'Ward 15' },
  tagId: '04A1B2C3',
  licenceNo: null,
  licenceValidUntil: null,
  active: true,
  warnings: ['A driver without a licence number'],
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

const page = <T,>(items: T[]) => ok({ items, total: items.length, page: 1, pageSize: 10 });
const user1 = {
  id: '1',
  organisation: { id: '7', tradeName: 'Indore Municipal Corporation', brandName: 'IMC' },
};

const row = (status: AttendanceRow['status'], source: AttendanceRow['source'], name: string, id: string) =>
  ({
    staff: { id, name, role: 'driver', phone: null, tagId: null },
    ward: { id: '3', name: 'Ward 15' },
    circle: { id: '2', name: 'Circle 2' },
    status,
    source,
    reason: null,
    vehicle: source === 'driver-id' ? { id: '31', registrationNumber: 'MP09AB1234' } : null,
    dutyStartAt: source === 'driver-id' ? '2026-11-20T00:40:00.000Z' : null,
    dutyEndAt: null,
    markedBy: null,
    markedAt: null,
  }) satisfies AttendanceRow;

const board = (items: AttendanceRow[]): AttendanceBoard => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 25,
  day: '2026-11-20',
  counts: { present: 1, absent: 0, notMarked: 1 },
});

const rowOf = async (text: string) => {
  const tr = (await screen.findByText(text)).closest('tr');
  if (!tr) throw new Error('no row');
  return tr;
};

describe('staff', () => {
  it('lists staff with licence warnings, filters by role in the URL, and hides actions without permission', async () => {
    const user = userEvent.setup();
    const network = stubFetch({ 'GET /staff': page([ramesh]) });
    renderApp('/swm/staff', { roleName: 'ADMIN', permissions: ['staff'], user: user1 });
    const tr = await rowOf('Ramesh Yadav');
    expect(within(tr).getByText('Driver')).toBeInTheDocument();
    expect(within(tr).getByText('04A1B2C3')).toBeInTheDocument();
    expect(within(tr).getByLabelText('Driver without a licence number')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add staff' })).not.toBeInTheDocument();
    expect(within(tr).queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Sweeper' }));
    await waitFor(() => expect(network.calls.at(-1)?.query.get('role')).toBe('sweeper'));
  });

  it('checks the tag with the contract, then sends the normalised staff member', async () => {
    const user = userEvent.setup();
    const network = stubFetch({ 'POST /staff': ok(ramesh), 'GET /staff': page([ramesh]) });
    renderApp('/swm/staff/add', {
      roleName: 'ADMIN',
      permissions: ['staff', 'staff:add-staff'],
      user: user1,
    });
    await user.type(await screen.findByLabelText(/^Name/), 'Ramesh Yadav');
    await user.type(screen.getByLabelText(/^Phone/), '9826012345');
    await user.type(screen.getByLabelText(/^RFID/), 'zz');
    await user.click(screen.getByRole('button', { name: 'Add staff' }));
    expect(
      await screen.findByText('The tag id must be 2 to 32 hexadecimal characters, not all zero'),
    ).toBeInTheDocument();
    expect(network.callsTo('POST /staff')).toHaveLength(0);
    await user.clear(screen.getByLabelText(/^RFID/));
    await user.type(screen.getByLabelText(/^RFID/), '04:a1:b2:c3');
    await user.click(screen.getByRole('button', { name: 'Add staff' }));
    expect(await screen.findByText('Staff member added')).toBeInTheDocument();
    expect(network.callsTo('POST /staff')[0]?.body).toEqual({
      name: 'Ramesh Yadav',
      phone: '+919826012345',
      role: 'driver',
      zoneId: null,
      circleId: null,
      wardId: null,
      tagId: '04A1B2C3',
      licenceNo: null,
      licenceValidUntil: null,
      active: true,
    });
  });
});

describe('attendance', () => {
  it('shows the day board with counters and sources, and marks someone absent with a reason', async () => {
    const user = userEvent.setup();
    const present = row('PRESENT', 'driver-id', 'Anil Driver', '21');
    const unmarked = row(null, null, 'Bharat Helper', '22');
    const network = stubFetch({
      'GET /attendance': ok(board([present, unmarked])),
      'PUT /attendance': ok({ ...unmarked, status: 'ABSENT', source: 'supervisor', reason: 'Sick' }),
    });
    renderApp('/swm/attendance?day=2026-11-20', {
      roleName: 'ADMIN',
      permissions: ['attendance', 'attendance:mark-attendance'],
      user: user1,
    });
    const anil = await rowOf('Anil Driver');
    expect(within(anil).getByText('Present')).toBeInTheDocument();
    expect(within(anil).getByText('Driver ID')).toBeInTheDocument();
    expect(within(anil).getByText('MP09AB1234')).toBeInTheDocument();
    expect(within(anil).getByText('06:10')).toBeInTheDocument();
    expect(await screen.findByText('Present 1')).toBeInTheDocument();
    expect(screen.getByText('Not marked 1')).toBeInTheDocument();
    expect(network.callsTo('GET /attendance')[0]?.query.get('day')).toBe('2026-11-20');

    const bharat = await rowOf('Bharat Helper');
    await user.click(within(bharat).getByRole('button', { name: 'Actions for Bharat Helper' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mark attendance' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('radio', { name: 'Absent' }));
    await user.click(dialog.getByRole('button', { name: 'Save mark' }));
    expect(await dialog.findByText('A reason is required to mark someone absent')).toBeInTheDocument();
    expect(network.callsTo('PUT /attendance')).toHaveLength(0);
    await user.type(dialog.getByLabelText(/^Reason/), 'Sick');
    await user.click(dialog.getByRole('button', { name: 'Save mark' }));
    expect(await screen.findByText('Attendance of Bharat Helper saved')).toBeInTheDocument();
    expect(network.callsTo('PUT /attendance')[0]?.body).toEqual({
      staffId: '22',
      day: '2026-11-20',
      status: 'ABSENT',
      reason: 'Sick',
    });
  });
});

describe('vehicle allocation', () => {
  it('lists the day’s allocations and the driver changes', async () => {
    const user = userEvent.setup();
    const allocation: VehicleAllocation = {
      id: '5',
      organisationId: '7',
      vehicle: { id: '31', registrationNumber: 'MP09AB1234' },
      staff: { id: '21', name: 'Anil Driver', role: 'driver' },
      day: '2026-11-20',
      shift: 'morning',
      startedAt: '2026-11-20T00:30:00.000Z',
      endedAt: '2026-11-20T03:00:00.000Z',
      endReason: 'replaced',
      source: 'supervisor',
      createdBy: { id: '1', name: 'Rakesh Verma' },
    };
    const change: DriverChange = {
      vehicle: { id: '31', registrationNumber: 'MP09AB1234' },
      fromDriver: { id: '21', name: 'Anil Driver' },
      toDriver: { id: '23', name: 'Sunil Driver' },
      at: '2026-11-20T03:00:00.000Z',
      source: 'driver-id',
    };
    stubFetch({
      'GET /vehicle-allocation': page([allocation]),
      'GET /vehicle-allocation/driver-changes': ok([change]),
    });
    renderApp('/swm/vehicle-allocation?day=2026-11-20', {
      roleName: 'ADMIN',
      permissions: ['vehicle-allocation', 'vehicle-allocation:add-vehicle-allocation'],
      user: user1,
    });
    const tr = await rowOf('Anil Driver');
    expect(within(tr).getByText('Driver changed')).toBeInTheDocument();
    expect(within(tr).getByText('Rakesh Verma')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Allocate' })).toHaveAttribute(
      'href',
      '/swm/vehicle-allocation/add?day=2026-11-20',
    );
    await user.click(screen.getByRole('tab', { name: 'Driver changes' }));
    const changed = await rowOf('Sunil Driver');
    expect(within(changed).getByText('20/11/2026 08:30:00')).toBeInTheDocument();
    expect(within(changed).getByText('Driver ID')).toBeInTheDocument();
  });
});
