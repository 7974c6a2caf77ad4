/**
 * The module catalogue (spec 01 §2, §3 "Module definition", §6; spec 02 §2, §6).
 *
 * A permission is a module id or a module-qualified action id `module:action`. Action ids repeat across modules in
 * the spec (e.g. change-status-result-table on fitment and on SIM orders), so the flattened list qualifies them.
 * Roles carry `authScopes`: `{ [moduleId]: true | { [actionId]: boolean } }` ("allowed flags or action maps").
 */
import { isSuperAdmin } from './domain/roles.ts';

export interface ModuleAction {
  id: string;
  name: string;
  label: string;
}

export type ModuleGroup = 'root' | 'reports' | 'swm' | 'management' | 'operations' | 'account';

export interface ModuleDefinition {
  id: string;
  name: string;
  /** i18n key of the label shown in menus. */
  labelKey: string;
  path: string;
  /** Route with a parameter, e.g. /fitment/edit/:id. */
  pathDef?: string;
  group: ModuleGroup;
  /** Position in its sidebar group; absent = not shown in the sidebar. */
  menuOrder?: number;
  badge?: 'new' | 'beta';
  actions: ModuleAction[];
}

const action = (id: string, label: string): ModuleAction => ({ id, name: id, label });

/** add-*, edit-*-result-table and delete-*-result-table of spec 01 §6 for one module. */
const crud = (noun: string, label: string): ModuleAction[] => [
  action(`add-${noun}`, `Add ${label}`),
  action(`edit-${noun}-result-table`, `Edit ${label}`),
  action(`delete-${noun}-result-table`, `Delete ${label}`),
];

const REPORTS: Array<[id: string, name: string, menuOrder?: number]> = [
  ['alert', 'Alert Report', 1],
  ['offline', 'Offline Report', 2],
  ['sosalert', 'SOS Alert Report'],
  ['vehicle-timeline', 'Vehicle Timeline', 3],
  ['monthly-summary', 'Monthly Summary', 4],
  ['duty-report', 'Duty Report'],
  ['raw-logs', 'Raw Logs View', 5],
  ['collection', 'Collection', 7],
  ['daily-run-summary', 'Daily Run Summary', 6],
  ['daily-vehicle-operation-report', 'Daily Vehicle Operations', 10],
  ['route-violation', 'Route Violation', 8],
  ['d2d-collection', 'D2D Collection', 14],
  ['total-run-summary', 'Total Run', 9],
  ['fuel-consumption', 'Fuel Consumption', 11],
  ['cumulative-distance-report', 'Cumulative Distance', 12],
  ['vehicle-categorization', 'Vehicle Categorization', 13],
  ['alert-grouped', 'Alert-Grouped Report', 15],
];

export const REPORT_IDS = REPORTS.map(([id]) => id);

const reportModules: ModuleDefinition[] = REPORTS.map(([id, name, menuOrder]) => ({
  id: `report-${id}`,
  name,
  labelKey: `nav.reports.${id}`,
  path: `/reports/${id}`,
  group: 'reports',
  ...(menuOrder === undefined ? {} : { menuOrder }),
  actions: [],
}));

/**
 * Scheduled reports (issue 8; not in the spec's console): reached from every report page, not listed in the sidebar
 * (spec 01 §2.4 fixes the Reports group's items). Running a schedule also needs the report's own module.
 */
const reportScheduleModule: ModuleDefinition = {
  id: 'report-schedule',
  name: 'Scheduled Reports',
  labelKey: 'nav.reports.schedules',
  path: '/reports/schedules',
  group: 'reports',
  actions: crud('report-schedule', 'Report schedule'),
};

export const MODULES: readonly ModuleDefinition[] = [
  // Top-level sidebar items (spec 01 §2.7), in the spec's order.
  {
    id: 'vehicle-status',
    name: 'Vehicle Status',
    labelKey: 'nav.vehicleStatus',
    path: '/vehicle-status',
    group: 'root',
    menuOrder: 1,
    actions: [
      action('see-live-tracking', 'See live tracking status'),
      action('see-route-playback', 'See route playback'),
      action('assign-geofence', 'Assign geofence'),
      action('view-report', 'View report'),
      action('generate-certificate', 'Generate certificate'),
      action('edit-certificate', 'Edit certificate'),
      action('view-certificate', 'View certificate'),
    ],
  },
  {
    id: 'dashboard',
    name: 'Dashboard',
    labelKey: 'nav.dashboard',
    path: '/dashboard',
    group: 'root',
    menuOrder: 2,
    actions: [],
  },
  {
    id: 'dashboardv2',
    name: 'Dashboard V2',
    labelKey: 'nav.dashboardv2',
    path: '/dashboardv2',
    group: 'root',
    menuOrder: 3,
    badge: 'new',
    actions: [],
  },
  {
    id: 'fleet-dashboard',
    name: 'Fleet Dashboard',
    labelKey: 'nav.fleetDashboard',
    path: '/fleet-dashboard',
    group: 'root',
    menuOrder: 4,
    badge: 'beta',
    actions: [],
  },
  {
    id: 'live-tracking',
    name: 'Live Tracking',
    labelKey: 'nav.liveTracking',
    path: '/view-operations/live-tracking',
    group: 'root',
    menuOrder: 5,
    actions: [action('send-command', 'Send command'), action('share-live-tracking', 'Share live tracking')],
  },
  {
    id: 'fitment',
    name: 'Fitment',
    labelKey: 'nav.fitment',
    path: '/fitment',
    pathDef: '/fitment/edit/:id',
    group: 'root',
    menuOrder: 6,
    actions: [
      ...crud('fitment', 'Fitment'),
      action('create-activation', 'Create activations in bulk'),
      action('change-status-result-table', 'Approve or undo activation'),
      action('view-certificate', 'View certificate'),
    ],
  },
  {
    id: 'sim-activation-order',
    name: 'SIM Activation Orders',
    labelKey: 'nav.simActivationOrder',
    path: '/sim-activation-order',
    pathDef: '/sim-activation-order/edit/:id',
    group: 'root',
    menuOrder: 7,
    actions: [
      action('raise-sim-activation', 'Raise SIM activation'),
      action('edit-sim-activation-order-result-table', 'Edit SIM activation'),
      action('change-status-result-table', 'Change status'),
    ],
  },
  // View operations (reached from row actions, not the sidebar).
  {
    id: 'route-playback',
    name: 'Route Playback',
    labelKey: 'nav.routePlayback',
    path: '/view-operations/route-playback',
    group: 'operations',
    actions: [action('share-playback', 'Share playback')],
  },
  {
    id: 'fs-tracking',
    name: 'Fullscreen Tracking',
    labelKey: 'nav.fsTracking',
    path: '/view-operations/fs-tracking',
    group: 'operations',
    actions: [],
  },
  // The SOS and critical-alerts desk (live operations issue; not in the spec's console): a panel of the live screens.
  {
    id: 'sos-desk',
    name: 'SOS Desk',
    labelKey: 'nav.sosDesk',
    path: '/view-operations/sos-desk',
    group: 'operations',
    actions: [
      action('acknowledge-alert', 'Acknowledge alert'),
      action('assign-alert', 'Assign alert'),
      action('close-alert', 'Close alert'),
      action('emergency-off', 'Send emergency off'),
    ],
  },
  ...reportModules,
  reportScheduleModule,
  // SWM operations (issue 7; not in the spec's console): a sidebar group between Reports and Management.
  swm('complaint', 'Complaints', 1, [
    action('add-complaint', 'Raise complaint'),
    action('edit-complaint-result-table', 'Edit complaint'),
    action('assign-complaint', 'Assign complaint'),
    action('resolve-complaint', 'Resolve complaint'),
    action('reopen-complaint', 'Reopen complaint'),
  ]),
  swm('attendance', 'Attendance', 2, [action('mark-attendance', 'Mark attendance')]),
  swm('vehicle-allocation', 'Vehicle Allocation', 3, [
    action('add-vehicle-allocation', 'Allocate staff to a vehicle'),
    action('end-vehicle-allocation', 'End allocation'),
  ]),
  swm('dump-yard', 'Dump Yard', 4, [
    action('add-dump-yard-entry', 'Record dump-yard trip'),
    action('delete-dump-yard-entry-result-table', 'Delete dump-yard trip'),
  ]),
  swm('job-run', 'Vehicle Jobs', 5, []),
  swm('scorecard', 'Scorecard', 6, []),
  swm('staff', 'Staff', 7, crud('staff', 'Staff')),
  // Management group (spec 01 §2.6), sidebar order as spec 01 §2.6 lists it, then our two: POIs and device models.
  manage('groups', 'Groups', 1, crud('group', 'Group')),
  manage('job', 'Jobs', 2, [action('add-job', 'Add Job'), ...crud('job', 'Job').slice(1)]),
  manage('device', 'Devices', 3, [
    ...crud('device', 'Device'),
    action('send-command', 'Send command'),
    // Engine stop and resume (issue 20 #3): besides send-command, and confirmed with the password each time
    // (step-up). Not in the MANUFACTURER and INVENTORY_MANAGER defaults.
    action('immobilise', 'Stop or resume the engine'),
    action('rollback-device', 'Roll back device'),
    action('rollback-device-bulk', 'Roll back devices in bulk'),
    action('allocate-device-bulk', 'Allocate devices in bulk'),
    action('update-firmware', 'Update firmware'),
  ]),
  manage('geofence', 'Geofences', 4, crud('geofence', 'Geofence')),
  manage('vehicle', 'Vehicles', 5, [
    ...crud('vehicle', 'Vehicle'),
    action('send-mail-item', 'Send mail'),
    action('activated-tracking', 'Activate tracking'),
    action('deActivated-tracking', 'Deactivate tracking'),
    action('link-unlink-device', 'Link or unlink device'),
  ]),
  manage('user', 'Users', 6, [
    ...crud('user', 'User'),
    action('set-user-password', 'Set user password'),
    action('associate-user-result-table', 'Associate user'),
  ]),
  manage('role', 'Roles', 7, crud('role', 'Role')),
  manage('organisation', 'Organisations', 8, [
    ...crud('organisation', 'Organisation'),
    action('setting-organisation', 'Organisation settings'),
  ]),
  manage('route', 'Routes', 9, [...crud('route', 'Route'), action('add-kml', 'Add KML')]),
  manage('admin-division', 'Admin Divisions', 10, crud('admin-division', 'Admin Division')),
  manage('poi', 'Points of Interest', 11, crud('poi', 'POI'), '/management/POI'),
  manage('device-model', 'Device Models', 12, crud('device-model', 'Device Model')),
  // Forwarding (issue 9): webhooks and the AIS-140 emergency backend, per organisation (docs/forwarding.md). Not in
  // the sidebar (spec 01 §2.6 fixes the Management group's twelve items): linked from the organisation settings page.
  manage('forwarding', 'Forwarding', undefined, [
    ...crud('forward-target', 'Forwarding target'),
    action('retry-dead-letter', 'Retry or delete dead letters'),
  ]),
  manage('item', 'Items', undefined, [
    ...crud('item', 'Item'),
    action('see-attached-vehicle', 'See attached vehicle'),
  ]),
  manage('debug', 'Debug', undefined, [action('add-temporary-device', 'Add temporary device')]),
  manage('raw-logs', 'Raw Logs', undefined, []),
  manage('settings', 'Settings', undefined, [], '/management/settings'),
  manage('wallet', 'Wallet Administration', undefined, [
    action('add-money', 'Add money'),
    action('deduct-money', 'Deduct money'),
  ]),
  manage('device-details', 'Device Details', undefined, [], '/management/device-details'),
  manage('certificate', 'Certificates', undefined, [], '/management/certificate'),
  {
    id: 'account-wallet',
    name: 'Wallet',
    labelKey: 'nav.wallet',
    path: '/account/wallet',
    group: 'account',
    actions: [],
  },
];

function manage(
  id: string,
  name: string,
  menuOrder: number | undefined,
  actions: ModuleAction[],
  path = `/management/${id}`,
): ModuleDefinition {
  return {
    id,
    name,
    labelKey: `nav.management.${id}`,
    path,
    pathDef: `${path}/edit/:id`,
    group: 'management',
    ...(menuOrder === undefined ? {} : { menuOrder }),
    actions,
  };
}

function swm(id: string, name: string, menuOrder: number, actions: ModuleAction[]): ModuleDefinition {
  const path = `/swm/${id}`;
  return {
    id,
    name,
    labelKey: `nav.swm.${id}`,
    path,
    pathDef: `${path}/edit/:id`,
    group: 'swm',
    menuOrder,
    actions,
  };
}

const MODULES_BY_ID = new Map(MODULES.map((m) => [m.id, m]));

export function findModule(id: string): ModuleDefinition | undefined {
  return MODULES_BY_ID.get(id);
}

/** The permission string of a module, or of an action within it. */
export function permissionKey(moduleId: string, actionId?: string): string {
  return actionId === undefined ? moduleId : `${moduleId}:${actionId}`;
}

/** Every permission string of the catalogue: what SUPER_ADMIN holds. */
export const ALL_PERMISSIONS: readonly string[] = MODULES.flatMap((m) => [
  m.id,
  ...m.actions.map((a) => permissionKey(m.id, a.id)),
]);

/** `authScopes` of a role: per module either a flag or a map of action flags (spec 01 §3 "Session user"). */
export type AuthScopes = Record<string, boolean | Record<string, boolean>>;

/**
 * Flattens authScopes into the permission list kept by the client and checked by the server. `true` grants the
 * module and all its actions; an action map grants the module and the actions set to true. Unknown ids are dropped.
 */
export function flattenAuthScopes(roleName: string, authScopes: AuthScopes): string[] {
  if (isSuperAdmin(roleName)) return [...ALL_PERMISSIONS];
  const result: string[] = [];
  for (const [moduleId, scope] of Object.entries(authScopes)) {
    const mod = findModule(moduleId);
    if (!mod || scope === false) continue;
    result.push(mod.id);
    for (const a of mod.actions) {
      if (scope === true || scope[a.id] === true) result.push(permissionKey(mod.id, a.id));
    }
  }
  return result;
}

export function hasPermission(
  roleName: string,
  permissions: readonly string[],
  moduleId: string,
  actionId?: string,
): boolean {
  if (isSuperAdmin(roleName)) return true;
  return permissions.includes(permissionKey(moduleId, actionId));
}
