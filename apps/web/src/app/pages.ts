/**
 * The built pages of the main area, by screen path (main-routes.ts SCREENS): each entry loads the page's chunk and
 * the deferred i18n namespaces it reads. A screen without an entry shows its named "coming soon" placeholder.
 * One line per screen; features export their pages from their index.
 */
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
};
