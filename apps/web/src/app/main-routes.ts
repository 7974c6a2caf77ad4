/**
 * Every screen of the main area (spec 01 §2.3–§2.6): path, who may open it and its title for the placeholder.
 * Derived from the module catalogue so a new module gets its list/add/edit routes automatically. The built pages
 * (pages.ts) are looked up when a screen's route loads, so their import map stays out of the entry chunk.
 */
import { MODULES, type ModuleDefinition } from '@civicfleet/shared';
import { paths } from '@/lib/paths';
import { walletAccess, type Access } from './access';

export type ScreenVariant = 'list' | 'add' | 'edit' | 'details' | 'settings' | 'addKml';

export interface ScreenRoute {
  path: string;
  access: Access;
  /** i18n key of the screen's name (the module's labelKey). */
  titleKey: string;
  variant: ScreenVariant;
}

/** Action ids starting with add- that are not "create a record of this module" (they have no /add screen). */
const NOT_ADD_SCREENS = new Set(['add-kml', 'add-money', 'add-temporary-device']);

/** Modules whose records are not edited on a screen of their own (a page of tools, a log). */
const NO_EDIT_SCREEN = new Set([
  'debug',
  'raw-logs',
  'attendance',
  'vehicle-allocation',
  'job-run',
  'scorecard',
]);

const moduleAccess = (m: ModuleDefinition, actionId?: string): Access => ({
  kind: 'module',
  moduleId: m.id,
  ...(actionId ? { actionId } : {}),
});

function addAction(m: ModuleDefinition): string | undefined {
  if (m.id === 'sim-activation-order') return 'raise-sim-activation';
  return m.actions.find((a) => a.id.startsWith('add-') && !NOT_ADD_SCREENS.has(a.id))?.id;
}

function moduleScreens(m: ModuleDefinition): ScreenRoute[] {
  // /management/certificate is the public certificate search (spec 01 §2.1); only its edit screen needs sign-in.
  const screens: ScreenRoute[] =
    m.id === 'certificate'
      ? []
      : [{ path: m.path, access: moduleAccess(m), titleKey: m.labelKey, variant: 'list' }];
  const add = addAction(m);
  if (add && (m.group === 'root' || m.group === 'swm' || m.group === 'management')) {
    screens.push({
      path: `${m.path}/add`,
      access: moduleAccess(m, add),
      titleKey: m.labelKey,
      variant: 'add',
    });
  }
  if (m.pathDef && !NO_EDIT_SCREEN.has(m.id))
    screens.push({ path: m.pathDef, access: moduleAccess(m), titleKey: m.labelKey, variant: 'edit' });
  return screens;
}

function byId(id: string): ModuleDefinition {
  const found = MODULES.find((m) => m.id === id);
  if (!found) throw new Error(`Module ${id} is missing from the catalogue`);
  return found;
}

function buildScreens(): ScreenRoute[] {
  const screens = MODULES.filter((m) => m.id !== 'account-wallet').flatMap(moduleScreens);
  const deviceDetails = byId('device-details');
  const extra: ScreenRoute[] = [
    {
      path: paths.management.routeAddKml,
      access: { kind: 'module', moduleId: 'route', actionId: 'add-kml' },
      titleKey: byId('route').labelKey,
      variant: 'addKml',
    },
    {
      path: '/management/settings/:id',
      access: moduleAccess(byId('settings')),
      titleKey: 'nav.management.settings',
      variant: 'settings',
    },
    {
      path: '/management/device-details/:searchTerm',
      access: moduleAccess(deviceDetails),
      titleKey: deviceDetails.labelKey,
      variant: 'details',
    },
    {
      path: '/device-details/:searchTerm',
      access: moduleAccess(deviceDetails),
      titleKey: deviceDetails.labelKey,
      variant: 'details',
    },
    // Spec 01 §2.6 lists fs-tracking under /management as well as /view-operations.
    {
      path: '/management/fs-tracking',
      access: moduleAccess(byId('fs-tracking')),
      titleKey: 'nav.fsTracking',
      variant: 'list',
    },
    { path: paths.accountWallet, access: walletAccess, titleKey: 'nav.wallet', variant: 'list' },
    {
      path: paths.changePassword,
      access: { kind: 'authenticated' },
      titleKey: 'screens.changePassword',
      variant: 'list',
    },
    {
      path: paths.accountMfa,
      access: { kind: 'authenticated' },
      titleKey: 'screens.mfa',
      variant: 'list',
    },
    {
      path: paths.accountSessions,
      access: { kind: 'authenticated' },
      titleKey: 'screens.sessions',
      variant: 'list',
    },
  ];
  // The user edit screen doubles as everyone's Profile (spec 01 §2.9).
  return [...screens, ...extra].map((s) =>
    s.path === '/management/user/edit/:id' ? { ...s, access: { kind: 'profile' } } : s,
  );
}

export const SCREENS: readonly ScreenRoute[] = buildScreens();
