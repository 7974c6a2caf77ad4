/**
 * The built pages of the main area, by screen path (main-routes.ts SCREENS): each entry loads the page's chunk and
 * the deferred i18n namespaces it reads. A screen without an entry shows its named "coming soon" placeholder.
 * One line per screen; features export their pages from their index.
 */
import { REPORT_IDS } from '@civicfleet/shared';
import type { ComponentType } from 'react';

export interface PageEntry {
  load: () => Promise<ComponentType>;
  /** Deferred namespaces (lib/i18n) the page reads, loaded with its chunk so nothing suspends. */
  namespaces?: readonly string[];
}

/** User, role and organisation management pages. */
const ADMIN_NAMESPACES = ['shell', 'table', 'form', 'admin'] as const;

export const PAGES: Readonly<Record<string, PageEntry>> = {
  '/change-password': {
    load: () => import('@/features/auth/change-password-page').then((m) => m.ChangePasswordPage),
  },
  '/account/two-step': {
    load: () => import('@/features/mfa').then((m) => m.TwoStepPage),
    namespaces: ['shell', 'mfa'],
  },
  '/account/sessions': {
    load: () => import('@/features/sessions').then((m) => m.SessionsPage),
    namespaces: ['shell', 'sessions'],
  },
  '/management/user': {
    load: () => import('@/features/users').then((m) => m.UserListPage),
    namespaces: ADMIN_NAMESPACES,
  },
  '/management/user/add': {
    load: () => import('@/features/users').then((m) => m.UserFormPage),
    namespaces: ADMIN_NAMESPACES,
  },
  '/management/user/edit/:id': {
    load: () => import('@/features/users').then((m) => m.UserFormPage),
    namespaces: ADMIN_NAMESPACES,
  },
  '/management/role': {
    load: () => import('@/features/roles').then((m) => m.RoleListPage),
    namespaces: ADMIN_NAMESPACES,
  },
  '/management/role/add': {
    load: () => import('@/features/roles').then((m) => m.RoleFormPage),
    namespaces: ADMIN_NAMESPACES,
  },
  '/management/role/edit/:id': {
    load: () => import('@/features/roles').then((m) => m.RoleFormPage),
    namespaces: ADMIN_NAMESPACES,
  },
  '/management/organisation': {
    load: () => import('@/features/organisations').then((m) => m.OrganisationListPage),
    namespaces: ADMIN_NAMESPACES,
  },
  '/management/organisation/add': {
    load: () => import('@/features/organisations').then((m) => m.OrganisationFormPage),
    namespaces: ADMIN_NAMESPACES,
  },
  '/management/organisation/edit/:id': {
    load: () => import('@/features/organisations').then((m) => m.OrganisationFormPage),
    namespaces: ADMIN_NAMESPACES,
  },
  '/management/settings/:id': {
    load: () => import('@/features/organisations').then((m) => m.OrganisationSettingsPage),
    namespaces: ADMIN_NAMESPACES,
  },
  // Devices and device details (features/device), raw logs (features/raw-logs).
  '/management/device': {
    load: () => import('@/features/device').then((m) => m.DeviceListPage),
    namespaces: ['shell', 'table', 'device'],
  },
  '/management/device/add': {
    load: () => import('@/features/device').then((m) => m.DeviceFormPage),
    namespaces: ['shell', 'table', 'device'],
  },
  '/management/device/edit/:id': {
    load: () => import('@/features/device').then((m) => m.DeviceFormPage),
    namespaces: ['shell', 'table', 'device'],
  },
  '/management/device-details': {
    load: () => import('@/features/device').then((m) => m.DeviceDetailsPage),
    namespaces: ['shell', 'table', 'device'],
  },
  '/management/device-details/:searchTerm': {
    load: () => import('@/features/device').then((m) => m.DeviceDetailsPage),
    namespaces: ['shell', 'table', 'device'],
  },
  '/device-details/:searchTerm': {
    load: () => import('@/features/device').then((m) => m.DeviceDetailsPage),
    namespaces: ['shell', 'table', 'device'],
  },
  '/management/raw-logs': {
    load: () => import('@/features/raw-logs').then((m) => m.RawLogsPage),
    namespaces: ['shell', 'table', 'device'],
  },
  // Vehicles (features/vehicle).
  '/management/vehicle': {
    load: () => import('@/features/vehicle').then((m) => m.VehicleListPage),
    namespaces: ['shell', 'table', 'form', 'vehicle'],
  },
  '/management/vehicle/add': {
    load: () => import('@/features/vehicle').then((m) => m.VehicleFormPage),
    namespaces: ['shell', 'table', 'form', 'vehicle'],
  },
  '/management/vehicle/edit/:id': {
    load: () => import('@/features/vehicle').then((m) => m.VehicleFormPage),
    namespaces: ['shell', 'table', 'form', 'vehicle'],
  },
  // Admin divisions and routes (features/admin-division, features/route; i18n namespace `divisions`).
  '/management/admin-division': {
    load: () => import('@/features/admin-division').then((m) => m.AdminDivisionListPage),
    namespaces: ['shell', 'table', 'form', 'divisions'],
  },
  '/management/admin-division/add': {
    load: () => import('@/features/admin-division').then((m) => m.AdminDivisionFormPage),
    namespaces: ['shell', 'table', 'form', 'divisions'],
  },
  '/management/admin-division/edit/:id': {
    load: () => import('@/features/admin-division').then((m) => m.AdminDivisionFormPage),
    namespaces: ['shell', 'table', 'form', 'divisions'],
  },
  '/management/route': {
    load: () => import('@/features/route').then((m) => m.RouteListPage),
    namespaces: ['shell', 'table', 'form', 'divisions'],
  },
  '/management/route/add': {
    load: () => import('@/features/route').then((m) => m.RouteFormPage),
    namespaces: ['shell', 'table', 'form', 'divisions'],
  },
  '/management/route/edit/:id': {
    load: () => import('@/features/route').then((m) => m.RouteFormPage),
    namespaces: ['shell', 'table', 'form', 'divisions'],
  },
  '/management/route/add-kml': {
    load: () => import('@/features/route').then((m) => m.RouteKmlPage),
    namespaces: ['shell', 'table', 'form', 'divisions'],
  },
  // Points of interest, RFID/QR items and job schedules (features/poi, features/item, features/job).
  '/management/POI': {
    load: () => import('@/features/poi').then((m) => m.PoiListPage),
    namespaces: ['shell', 'table', 'form', 'poi'],
  },
  '/management/POI/add': {
    load: () => import('@/features/poi').then((m) => m.PoiFormPage),
    namespaces: ['shell', 'table', 'form', 'poi'],
  },
  '/management/POI/edit/:id': {
    load: () => import('@/features/poi').then((m) => m.PoiFormPage),
    namespaces: ['shell', 'table', 'form', 'poi'],
  },
  '/management/item': {
    load: () => import('@/features/item').then((m) => m.ItemListPage),
    namespaces: ['shell', 'table', 'form', 'item'],
  },
  '/management/item/add': {
    load: () => import('@/features/item').then((m) => m.ItemFormPage),
    namespaces: ['shell', 'table', 'form', 'item'],
  },
  '/management/item/edit/:id': {
    load: () => import('@/features/item').then((m) => m.ItemFormPage),
    namespaces: ['shell', 'table', 'form', 'item'],
  },
  '/management/job': {
    load: () => import('@/features/job').then((m) => m.JobListPage),
    namespaces: ['shell', 'table', 'form', 'job'],
  },
  '/management/job/add': {
    load: () => import('@/features/job').then((m) => m.JobFormPage),
    namespaces: ['shell', 'table', 'form', 'job'],
  },
  '/management/job/edit/:id': {
    load: () => import('@/features/job').then((m) => m.JobFormPage),
    namespaces: ['shell', 'table', 'form', 'job'],
  },
  // Device models (features/device-model), groups (features/groups), debug tools and RTO data (features/debug).
  '/management/device-model': {
    load: () => import('@/features/device-model').then((m) => m.DeviceModelListPage),
    namespaces: ['shell', 'table', 'form', 'catalogue'],
  },
  '/management/device-model/add': {
    load: () => import('@/features/device-model').then((m) => m.DeviceModelFormPage),
    namespaces: ['shell', 'table', 'form', 'catalogue'],
  },
  '/management/device-model/edit/:id': {
    load: () => import('@/features/device-model').then((m) => m.DeviceModelFormPage),
    namespaces: ['shell', 'table', 'form', 'catalogue'],
  },
  '/management/groups': {
    load: () => import('@/features/groups').then((m) => m.GroupListPage),
    namespaces: ['shell', 'table', 'form', 'catalogue'],
  },
  '/management/groups/add': {
    load: () => import('@/features/groups').then((m) => m.GroupFormPage),
    namespaces: ['shell', 'table', 'form', 'catalogue'],
  },
  '/management/groups/edit/:id': {
    load: () => import('@/features/groups').then((m) => m.GroupFormPage),
    namespaces: ['shell', 'table', 'form', 'catalogue'],
  },
  '/management/debug': {
    load: () => import('@/features/debug').then((m) => m.DebugPage),
    namespaces: ['shell', 'table', 'form', 'catalogue'],
  },
  // Geofences (features/geofence).
  '/management/geofence': {
    load: () => import('@/features/geofence').then((m) => m.GeofenceListPage),
    namespaces: ['shell', 'table', 'form', 'geofence'],
  },
  '/management/geofence/add': {
    load: () => import('@/features/geofence').then((m) => m.GeofenceFormPage),
    namespaces: ['shell', 'table', 'form', 'geofence'],
  },
  '/management/geofence/edit/:id': {
    load: () => import('@/features/geofence').then((m) => m.GeofenceFormPage),
    namespaces: ['shell', 'table', 'form', 'geofence'],
  },
  // SOS and critical-alerts desk (features/desk).
  '/view-operations/sos-desk': {
    load: () => import('@/features/desk').then((m) => m.SosDeskPage),
    namespaces: ['shell', 'desk'],
  },
  // The dashboards (features/dashboard).
  '/dashboard': {
    load: () => import('@/features/dashboard').then((m) => m.CityDashboardPage),
    namespaces: ['shell', 'form', 'dashboard'],
  },
  '/dashboardv2': {
    load: () => import('@/features/dashboard').then((m) => m.DivisionsDashboardPage),
    namespaces: ['shell', 'form', 'dashboard'],
  },
  '/fleet-dashboard': {
    load: () => import('@/features/dashboard').then((m) => m.FleetDashboardPage),
    namespaces: ['shell', 'form', 'dashboard'],
  },
  // Vehicle status board and route playback (features/vehicle-status, features/playback).
  '/vehicle-status': {
    load: () => import('@/features/vehicle-status').then((m) => m.VehicleStatusPage),
    namespaces: ['shell', 'table', 'vehicleStatus', 'geofence'],
  },
  '/view-operations/route-playback': {
    load: () => import('@/features/playback').then((m) => m.PlaybackPage),
    namespaces: ['shell', 'playback', 'share'],
  },
  // Live tracking and the fullscreen wallboard (features/live).
  '/view-operations/live-tracking': {
    load: () => import('@/features/live').then((m) => m.LiveTrackingPage),
    namespaces: ['shell', 'live', 'desk', 'share'],
  },
  '/view-operations/fs-tracking': {
    load: () => import('@/features/live').then((m) => m.FsTrackingPage),
    namespaces: ['shell', 'live'],
  },
  '/management/fs-tracking': {
    load: () => import('@/features/live').then((m) => m.FsTrackingPage),
    namespaces: ['shell', 'live'],
  },
  // Fitment and activation (features/fitment).
  '/fitment': {
    load: () => import('@/features/fitment').then((m) => m.FitmentListPage),
    namespaces: ['shell', 'table', 'form', 'fitment'],
  },
  '/fitment/add': {
    load: () => import('@/features/fitment').then((m) => m.FitmentFormPage),
    namespaces: ['shell', 'table', 'form', 'fitment'],
  },
  '/fitment/edit/:id': {
    load: () => import('@/features/fitment').then((m) => m.FitmentFormPage),
    namespaces: ['shell', 'table', 'form', 'fitment'],
  },
  // Wallet: the account page (ADMIN, RFC_ADMIN) and the platform's wallet administration (features/wallet).
  '/account/wallet': {
    load: () => import('@/features/wallet').then((m) => m.AccountWalletPage),
    namespaces: ['shell', 'table', 'form', 'wallet'],
  },
  '/management/wallet': {
    load: () => import('@/features/wallet').then((m) => m.WalletAdminPage),
    namespaces: ['shell', 'table', 'form', 'wallet'],
  },
  // SIM activation orders (features/sim-activation).
  '/sim-activation-order': {
    load: () => import('@/features/sim-activation').then((m) => m.SimActivationListPage),
    namespaces: ['shell', 'table', 'form', 'simActivation'],
  },
  '/sim-activation-order/add': {
    load: () => import('@/features/sim-activation').then((m) => m.SimActivationFormPage),
    namespaces: ['shell', 'table', 'form', 'simActivation'],
  },
  '/sim-activation-order/edit/:id': {
    load: () => import('@/features/sim-activation').then((m) => m.SimActivationFormPage),
    namespaces: ['shell', 'table', 'form', 'simActivation'],
  },
  // SWM operations: dump yard, the operator's entry screen, vehicle jobs, scorecard (features/operations).
  '/swm/dump-yard': {
    load: () => import('@/features/operations').then((m) => m.DumpYardPage),
    namespaces: ['shell', 'table', 'form', 'operations'],
  },
  '/swm/dump-yard/add': {
    load: () => import('@/features/operations').then((m) => m.DumpYardEntryPage),
    namespaces: ['shell', 'table', 'form', 'operations'],
  },
  '/swm/job-run': {
    load: () => import('@/features/operations').then((m) => m.JobRunPage),
    namespaces: ['shell', 'table', 'form', 'operations'],
  },
  '/swm/scorecard': {
    load: () => import('@/features/operations').then((m) => m.ScorecardPage),
    namespaces: ['shell', 'table', 'form', 'operations'],
  },
  // Citizen complaints (features/complaints).
  '/swm/complaint': {
    load: () => import('@/features/complaints').then((m) => m.ComplaintListPage),
    namespaces: ['shell', 'table', 'form', 'complaints'],
  },
  '/swm/complaint/add': {
    load: () => import('@/features/complaints').then((m) => m.ComplaintFormPage),
    namespaces: ['shell', 'table', 'form', 'complaints'],
  },
  '/swm/complaint/edit/:id': {
    load: () => import('@/features/complaints').then((m) => m.ComplaintDetailPage),
    namespaces: ['shell', 'table', 'form', 'complaints'],
  },
  // SWM people: staff, attendance, vehicle allocation (features/people).
  '/swm/staff': {
    load: () => import('@/features/people').then((m) => m.StaffListPage),
    namespaces: ['shell', 'table', 'form', 'people'],
  },
  '/swm/staff/add': {
    load: () => import('@/features/people').then((m) => m.StaffFormPage),
    namespaces: ['shell', 'table', 'form', 'people'],
  },
  '/swm/staff/edit/:id': {
    load: () => import('@/features/people').then((m) => m.StaffFormPage),
    namespaces: ['shell', 'table', 'form', 'people'],
  },
  '/swm/attendance': {
    load: () => import('@/features/people').then((m) => m.AttendancePage),
    namespaces: ['shell', 'table', 'form', 'people'],
  },
  '/swm/vehicle-allocation': {
    load: () => import('@/features/people').then((m) => m.VehicleAllocationPage),
    namespaces: ['shell', 'table', 'form', 'people'],
  },
  '/swm/vehicle-allocation/add': {
    load: () => import('@/features/people').then((m) => m.AllocationFormPage),
    namespaces: ['shell', 'table', 'form', 'people'],
  },
  // Forwarding targets and dead letters (features/forwarding).
  '/management/forwarding': {
    load: () => import('@/features/forwarding').then((m) => m.ForwardingPage),
    namespaces: ['shell', 'forwarding'],
  },
  '/reports/schedules': {
    load: () => import('@/features/reports/schedules').then((m) => m.ReportSchedulesPage),
    namespaces: [
      'shell',
      'table',
      'form',
      'reportSchedules',
      'reportsActivity',
      'reportsAlerts',
      'reportsSwm',
    ],
  },
  // The 17 reports: one kit page reading the report id from the path (features/reports).
  ...Object.fromEntries(
    REPORT_IDS.map((id): [string, PageEntry] => [
      `/reports/${id}`,
      {
        load: () => import('@/features/reports').then((m) => m.ReportPage),
        namespaces: [
          'shell',
          'table',
          'form',
          'reports',
          'reportsActivity',
          'reportsAlerts',
          'reportsSwm',
          'reportSchedules',
        ],
      },
    ]),
  ),
};
