/**
 * Permissions each built-in role starts with (seeded into the roles table; editable later by the roles module).
 * SUPER_ADMIN is not listed: it always holds every permission.
 */
import type { AuthScopes } from '../permissions.ts';
import { MODULES, REPORT_IDS } from '../permissions.ts';
import type { RoleName } from './roles.ts';

const allReports: AuthScopes = Object.fromEntries(REPORT_IDS.map((id) => [`report-${id}`, true]));
const dashboards: AuthScopes = { dashboard: true, dashboardv2: true, 'fleet-dashboard': true };
const viewOnly = (...ids: string[]): AuthScopes => Object.fromEntries(ids.map((id) => [id, {}]));

const everything: AuthScopes = Object.fromEntries(MODULES.map((m) => [m.id, true]));

/** Every action of a module but the listed ones (an explicit map: `true` would grant new actions too). */
function allActionsExcept(moduleId: string, excluded: readonly string[]): Record<string, boolean> {
  const mod = MODULES.find((m) => m.id === moduleId);
  return Object.fromEntries((mod?.actions ?? []).map((a) => [a.id, !excluded.includes(a.id)]));
}

/**
 * MANUFACTURER's devices: everything except stopping a vehicle's engine, which is the fleet owner's decision. The
 * seed (db/seed/roles.ts) also moves a MANUFACTURER role still holding the old `device: true` to this map.
 */
export const MANUFACTURER_DEVICE_SCOPE = allActionsExcept('device', ['immobilise']);

export const DEFAULT_ROLE_SCOPES: Record<Exclude<RoleName, 'SUPER_ADMIN'>, AuthScopes> = {
  // An organisation's administrator: everything within the organisation except platform debugging tools and the
  // wallet administration (crediting verified payments is the platform's job).
  ADMIN: { ...everything, debug: false, wallet: false },
  MANUFACTURER: {
    'vehicle-status': { 'see-live-tracking': true, 'see-route-playback': true, 'view-certificate': true },
    ...dashboards,
    device: MANUFACTURER_DEVICE_SCOPE,
    'device-model': true,
    'device-details': true,
    'sim-activation-order': {
      'change-status-result-table': true,
      'edit-sim-activation-order-result-table': true,
    },
    fitment: { 'view-certificate': true },
    ...viewOnly('user', 'organisation'),
    ...allReports,
    'report-schedule': true,
  },
  INVENTORY_MANAGER: {
    device: {
      'add-device': true,
      'edit-device-result-table': true,
      'allocate-device-bulk': true,
      'rollback-device': true,
    },
    'device-model': true,
    'device-details': true,
    item: true,
    ...viewOnly('sim-activation-order'),
  },
  RFC: {
    'vehicle-status': { 'see-live-tracking': true, 'view-certificate': true, 'generate-certificate': true },
    fitment: { 'add-fitment': true, 'edit-fitment-result-table': true, 'view-certificate': true },
    'sim-activation-order': { 'raise-sim-activation': true },
    ...viewOnly('vehicle', 'device', 'device-details'),
  },
  RFC_ADMIN: {
    'vehicle-status': true,
    ...dashboards,
    fitment: true,
    'sim-activation-order': { 'raise-sim-activation': true, 'edit-sim-activation-order-result-table': true },
    vehicle: { 'add-vehicle': true, 'edit-vehicle-result-table': true, 'link-unlink-device': true },
    device: {},
    'device-details': true,
    user: { 'add-user': true, 'edit-user-result-table': true },
    'account-wallet': true,
    certificate: true,
  },
  FITTER: {
    'vehicle-status': { 'see-live-tracking': true, 'view-certificate': true },
    fitment: { 'add-fitment': true, 'edit-fitment-result-table': true },
  },
  LIMITED_USER: {
    'vehicle-status': { 'see-live-tracking': true, 'see-route-playback': true, 'view-certificate': true },
    'live-tracking': {},
    'route-playback': {},
    'sos-desk': { 'acknowledge-alert': true },
    'fs-tracking': true,
    'report-alert': true,
    'report-vehicle-timeline': true,
    'report-monthly-summary': true,
  },
  CUSTOM: {
    'vehicle-status': {},
    dashboard: true,
  },
};
