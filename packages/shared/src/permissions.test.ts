import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, MODULES, flattenAuthScopes, hasPermission, permissionKey } from './permissions.ts';
import { DEFAULT_ROLE_SCOPES } from './domain/default-roles.ts';

describe('module catalogue', () => {
  it('has unique module ids, paths and action ids within a module', () => {
    expect(new Set(MODULES.map((m) => m.id)).size).toBe(MODULES.length);
    expect(new Set(MODULES.map((m) => m.path)).size).toBe(MODULES.length);
    for (const m of MODULES) expect(new Set(m.actions.map((a) => a.id)).size).toBe(m.actions.length);
  });

  it('lists the 17 reports of spec 01 §2.4 with 15 in the sidebar (and the schedules screen, not in it)', () => {
    const reports = MODULES.filter(
      (m) => m.group === 'reports' && m.id.startsWith('report-') && m.id !== 'report-schedule',
    );
    expect(reports).toHaveLength(17);
    expect(MODULES.find((m) => m.id === 'report-schedule')?.menuOrder).toBeUndefined();
    expect(reports.filter((m) => m.menuOrder !== undefined)).toHaveLength(15);
  });

  it('contains every action id of spec 01 §6', () => {
    const ids = new Set(MODULES.flatMap((m) => m.actions.map((a) => a.id)));
    for (const id of [
      'see-live-tracking',
      'see-route-playback',
      'send-mail-item',
      'generate-certificate',
      'edit-certificate',
      'view-certificate',
      'assign-geofence',
      'activated-tracking',
      'deActivated-tracking',
      'set-user-password',
      'associate-user-result-table',
      'setting-organisation',
      'send-command',
      'immobilise',
      'rollback-device',
      'rollback-device-bulk',
      'allocate-device-bulk',
      'update-firmware',
      'link-unlink-device',
      'raise-sim-activation',
      'create-activation',
      'change-status-result-table',
      'add-vehicle',
      'edit-vehicle-result-table',
      'delete-vehicle-result-table',
    ]) {
      expect(ids.has(id), id).toBe(true);
    }
  });
});

describe('flattenAuthScopes', () => {
  it('grants everything to SUPER_ADMIN', () => {
    expect(flattenAuthScopes('SUPER_ADMIN', {})).toEqual([...ALL_PERMISSIONS]);
  });

  it('grants a module with all actions for true and only the chosen actions for a map', () => {
    const list = flattenAuthScopes('CUSTOM', {
      vehicle: true,
      device: { 'add-device': true, 'send-command': false },
    });
    expect(list).toContain('vehicle');
    expect(list).toContain(permissionKey('vehicle', 'send-mail-item'));
    expect(list).toContain('device');
    expect(list).toContain(permissionKey('device', 'add-device'));
    expect(list).not.toContain(permissionKey('device', 'send-command'));
  });

  it('drops unknown modules and false flags', () => {
    expect(flattenAuthScopes('CUSTOM', { nope: true, debug: false })).toEqual([]);
  });

  it('gives FITTER fitment but not management', () => {
    const list = flattenAuthScopes('FITTER', DEFAULT_ROLE_SCOPES.FITTER);
    expect(hasPermission('FITTER', list, 'fitment', 'add-fitment')).toBe(true);
    expect(hasPermission('FITTER', list, 'user')).toBe(false);
    expect(hasPermission('SUPER_ADMIN', [], 'user', 'delete-user-result-table')).toBe(true);
  });

  it('grants engine stop (device:immobilise) to SUPER_ADMIN and ADMIN only among the built-in roles', () => {
    expect(hasPermission('SUPER_ADMIN', [], 'device', 'immobilise')).toBe(true);
    for (const [role, scopes] of Object.entries(DEFAULT_ROLE_SCOPES)) {
      const list = flattenAuthScopes(role, scopes);
      expect(hasPermission(role, list, 'device', 'immobilise'), role).toBe(role === 'ADMIN');
    }
    // MANUFACTURER keeps every other device action, sending (non-immobiliser) commands included.
    const manufacturer = flattenAuthScopes('MANUFACTURER', DEFAULT_ROLE_SCOPES.MANUFACTURER);
    expect(hasPermission('MANUFACTURER', manufacturer, 'device', 'send-command')).toBe(true);
    expect(hasPermission('MANUFACTURER', manufacturer, 'device', 'update-firmware')).toBe(true);
  });
});
