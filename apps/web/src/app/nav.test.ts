import { DEFAULT_ROLE_SCOPES, flattenAuthScopes, hasPermission } from '@civicfleet/shared';
import { describe, expect, it } from 'vitest';
import { buildNavigation, groupOfPath, isPathActive } from './nav';

const canFor = (roleName: string, permissions: string[]) => (moduleId: string) =>
  hasPermission(roleName, permissions, moduleId);

describe('buildNavigation', () => {
  it('gives SUPER_ADMIN every sidebar item, in menu order', () => {
    const nav = buildNavigation(canFor('SUPER_ADMIN', []));
    expect(nav.items.map((i) => i.id)).toEqual([
      'vehicle-status',
      'dashboard',
      'dashboardv2',
      'fleet-dashboard',
      'live-tracking',
      'fitment',
      'sim-activation-order',
    ]);
    expect(nav.items.find((i) => i.id === 'dashboardv2')?.badge).toBe('new');
    expect(nav.items.find((i) => i.id === 'fleet-dashboard')?.badge).toBe('beta');

    const [reports, swm, management] = nav.groups;
    expect(reports?.items.map((i) => i.path)).toEqual([
      '/reports/alert',
      '/reports/offline',
      '/reports/vehicle-timeline',
      '/reports/monthly-summary',
      '/reports/raw-logs',
      '/reports/daily-run-summary',
      '/reports/collection',
      '/reports/route-violation',
      '/reports/total-run-summary',
      '/reports/daily-vehicle-operation-report',
      '/reports/fuel-consumption',
      '/reports/cumulative-distance-report',
      '/reports/vehicle-categorization',
      '/reports/d2d-collection',
      '/reports/alert-grouped',
    ]);
    expect(swm?.items.map((i) => i.id)).toEqual([
      'complaint',
      'attendance',
      'vehicle-allocation',
      'dump-yard',
      'job-run',
      'scorecard',
      'staff',
    ]);
    expect(management?.items.map((i) => i.id)).toEqual([
      'groups',
      'job',
      'device',
      'geofence',
      'vehicle',
      'user',
      'role',
      'organisation',
      'route',
      'admin-division',
      'poi',
      'device-model',
    ]);
  });

  it('gives a FITTER only the screens of its role, keeps both spec group headings and hides the empty SWM group', () => {
    const permissions = flattenAuthScopes('FITTER', DEFAULT_ROLE_SCOPES.FITTER);
    const nav = buildNavigation(canFor('FITTER', permissions));
    expect(nav.items.map((i) => i.id)).toEqual(['vehicle-status', 'fitment']);
    expect(nav.groups.map((g) => [g.id, g.items.length])).toEqual([
      ['reports', 0],
      ['management', 0],
    ]);
  });

  it('shows a LIMITED_USER only its three reports', () => {
    const permissions = flattenAuthScopes('LIMITED_USER', DEFAULT_ROLE_SCOPES.LIMITED_USER);
    const nav = buildNavigation(canFor('LIMITED_USER', permissions));
    expect(nav.groups[0]?.items.map((i) => i.id)).toEqual([
      'report-alert',
      'report-vehicle-timeline',
      'report-monthly-summary',
    ]);
  });
});

describe('active item', () => {
  it('matches the item path and paths below it, case-insensitively', () => {
    expect(isPathActive('/management/vehicle', '/management/vehicle/edit/3')).toBe(true);
    expect(isPathActive('/management/POI', '/management/poi')).toBe(true);
    expect(isPathActive('/management/device', '/management/device-model')).toBe(false);
  });

  it('finds the group of the current page', () => {
    const nav = buildNavigation(() => true);
    expect(groupOfPath(nav, '/reports/fuel-consumption')).toBe('reports');
    expect(groupOfPath(nav, '/management/route/add-kml')).toBe('management');
    expect(groupOfPath(nav, '/vehicle-status')).toBeUndefined();
  });
});
