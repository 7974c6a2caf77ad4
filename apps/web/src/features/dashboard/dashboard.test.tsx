import type { CityDashboard, FleetDashboard } from '@civicfleet/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';

const filter = { from: '2026-11-20', to: '2026-11-20', zoneId: null, circleId: null, wardId: null };
const city: CityDashboard = {
  filter,
  generatedAt: '2026-11-20T06:30:00.000Z',
  vehicles: { moving: 4, idle: 1, stopped: 2, offline: 1, 'never-connected': 0, total: 8 },
  distanceM: 152_400,
  coverage: { runs: 3, checkpointsMet: 9, checkpointsTotal: 12, ratio: 0.75 },
  disposalTrips: {
    total: 5,
    byHour: Array.from({ length: 24 }, (_, h) => (h === 9 ? 3 : h === 14 ? 2 : 0)),
    byDay: [{ day: '2026-11-20', count: 5 }],
  },
  dumpYardPresence: [
    {
      vehicleId: '3',
      registrationNumber: 'MP09AB0003',
      geofenceId: '1',
      geofenceName: 'Devguradia Trenching Ground',
      enteredAt: '2026-11-20T06:00:00.000Z',
      insideS: 1800,
    },
  ],
  alerts: { byType: { sos: 1 }, total: 1 },
  offline: {
    total: 1,
    byReason: { 'power-cut': 1, silent: 0, 'never-connected': 0 },
    vehicles: [
      {
        vehicleId: '4',
        registrationNumber: 'MP09AB0004',
        reason: 'power-cut',
        since: '2026-11-20T04:30:00.000Z',
      },
    ],
  },
  attendance: { day: '2026-11-20', staff: 10, present: 7, absent: 2, notMarked: 1 },
  complaints: { open: 2, assigned: 1, reopened: 0, total: 3, overdue: 1 },
};
const admin = { roleName: 'ADMIN', permissions: ['dashboard', 'dashboardv2', 'fleet-dashboard'] };

describe('dashboards', () => {
  it('shows the city figures, each linking to the list behind it, with the filters', async () => {
    const network = stubFetch({ 'GET /dashboard/city': ok(city), 'GET /admin-divisions': ok([]) });
    renderApp('/dashboard?from=2026-11-20&to=2026-11-20', admin);
    const trips = within(await screen.findByRole('region', { name: 'Disposal trips' }));
    expect(await trips.findByRole('link', { name: '5 disposal trips: open the list' })).toHaveAttribute(
      'href',
      '/swm/dump-yard?tab=trips&from=2026-11-20&to=2026-11-20',
    );
    const attendance = within(screen.getByRole('region', { name: 'Attendance 20/11/2026' }));
    expect(attendance.getByRole('link', { name: '7 present' })).toHaveAttribute(
      'href',
      '/swm/attendance?day=2026-11-20',
    );
    const complaints = within(screen.getByRole('region', { name: 'Complaints' }));
    expect(complaints.getByRole('link', { name: '3 open complaints' })).toHaveAttribute(
      'href',
      '/swm/complaint?status=unresolved',
    );
    const offline = within(screen.getByRole('region', { name: 'Offline vehicles' }));
    expect(offline.getByRole('link', { name: '1 offline now' })).toHaveAttribute(
      'href',
      '/vehicle-status?status=offline',
    );
    expect(offline.getByText('MP09AB0004 · Power cut')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '1 open alerts' })).toHaveAttribute(
      'href',
      '/view-operations/sos-desk',
    );
    expect(screen.getByText('152.4')).toBeInTheDocument();
    expect(screen.getByText('75%')).toBeInTheDocument();
    expect(screen.getByText('inside for 30 min')).toBeInTheDocument();
    expect(network.callsTo('GET /dashboard/city')[0]?.query.get('from')).toBe('2026-11-20');
  });

  it('says when there are no trips yet today, and retries after an error', async () => {
    const user = userEvent.setup();
    const empty = { ...city, disposalTrips: { total: 0, byHour: Array(24).fill(0), byDay: [] } };
    const network = stubFetch({
      'GET /dashboard/city': [fail(500, 'Encountered a server error.'), ok(empty)],
      'GET /admin-divisions': ok([]),
    });
    renderApp('/dashboard', admin);
    const retry = (await screen.findAllByRole('button', { name: 'Retry' }))[0];
    if (!retry) throw new Error('no retry');
    await user.click(retry);
    expect(await screen.findByText('No trips yet today')).toBeInTheDocument();
    expect(network.callsTo('GET /dashboard/city').length).toBeGreaterThanOrEqual(2);
  });

  it('never invents fuel figures without a fuel sensor', async () => {
    const fleet: FleetDashboard = {
      filter,
      generatedAt: '2026-11-20T06:30:00.000Z',
      totals: {
        vehicles: 2,
        activeVehicles: 1,
        distanceM: 12_000,
        runS: 3600,
        idleS: 600,
        shiftS: 14_400,
        utilisation: 0.25,
        overspeedEvents: 2,
      },
      fuel: { hasSensorData: false, consumedL: null, vehicles: [] },
      vehicles: [],
      usageByDay: [{ day: '2026-11-20', distanceM: 12_000, runS: 3600, idleS: 600, activeVehicles: 1 }],
      top: { byDistance: [], byUtilisation: [] },
      bottom: { byDistance: [], byUtilisation: [] },
      drivers: [],
    };
    stubFetch({ 'GET /dashboard/fleet': ok(fleet), 'GET /admin-divisions': ok([]) });
    renderApp('/fleet-dashboard', admin);
    const fuel = within(await screen.findByRole('region', { name: 'Fuel' }));
    expect(await fuel.findByText(/No fuel sensor data/)).toBeInTheDocument();
    expect(screen.getByText('25%')).toBeInTheDocument();
    expect(screen.getByText('No driver allocations in this range')).toBeInTheDocument();
  });
});
