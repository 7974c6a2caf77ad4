import { MODULES } from '@civicfleet/shared';
import { describe, expect, it } from 'vitest';
import { canOpen } from './access';
import { SCREENS } from './main-routes';

const paths = SCREENS.map((s) => s.path);
const NO_EDIT = ['debug', 'raw-logs', 'attendance', 'vehicle-allocation', 'job-run', 'scorecard'];

describe('main-area route table', () => {
  it('has every catalogue path and pathDef once (the public certificate search aside)', () => {
    expect(new Set(paths).size).toBe(paths.length);
    for (const m of MODULES) {
      if (m.id !== 'certificate') expect(paths).toContain(m.path);
      // Debug is a page of tools and raw logs a log (spec 01 §2.6); attendance, allocations, job runs and the
      // scorecard are boards whose rows change through dialogs: none has an edit screen.
      if (m.pathDef && !NO_EDIT.includes(m.id)) expect(paths).toContain(m.pathDef);
    }
    expect(paths).not.toContain('/management/debug/edit/:id');
    expect(paths).not.toContain('/management/raw-logs/edit/:id');
    expect(paths).not.toContain('/swm/attendance/edit/:id');
    expect(paths).toContain('/swm/complaint/edit/:id');
  });

  it('has the extra screens of spec 01 §2.3–§2.6', () => {
    expect(paths).toEqual(
      expect.arrayContaining([
        '/fitment/add',
        '/sim-activation-order/add',
        '/management/vehicle/add',
        '/management/POI/add',
        '/management/route/add-kml',
        '/management/settings/:id',
        '/management/device-details/:searchTerm',
        '/device-details/:searchTerm',
        '/management/user/edit/:id',
        '/change-password',
        '/account/wallet',
      ]),
    );
    expect(paths).not.toContain('/management/debug/add');
  });

  it('guards add screens with the add action', () => {
    expect(SCREENS.find((s) => s.path === '/fitment/add')?.access).toEqual({
      kind: 'module',
      moduleId: 'fitment',
      actionId: 'add-fitment',
    });
  });
});

describe('canOpen', () => {
  const subject = (roleName: string, granted: string[] = []) => ({
    userId: '7',
    roleName,
    can: (moduleId: string) => roleName === 'SUPER_ADMIN' || granted.includes(moduleId),
  });

  it('opens the wallet only for ADMIN and RFC_ADMIN', () => {
    const wallet = SCREENS.find((s) => s.path === '/account/wallet');
    if (!wallet) throw new Error('no wallet route');
    expect(canOpen(wallet.access, subject('ADMIN'), {})).toBe(true);
    expect(canOpen(wallet.access, subject('RFC_ADMIN'), {})).toBe(true);
    expect(canOpen(wallet.access, subject('FITTER'), {})).toBe(false);
  });

  it('lets everyone open their own profile but only user managers open others', () => {
    const profile = SCREENS.find((s) => s.path === '/management/user/edit/:id');
    if (!profile) throw new Error('no profile route');
    expect(canOpen(profile.access, subject('FITTER'), { id: '7' })).toBe(true);
    expect(canOpen(profile.access, subject('FITTER'), { id: '8' })).toBe(false);
    expect(canOpen(profile.access, subject('ADMIN', ['user']), { id: '8' })).toBe(true);
  });
});
