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

export const PAGES: Readonly<Record<string, PageEntry>> = {
  '/change-password': {
    load: () => import('@/features/auth/change-password-page').then((m) => m.ChangePasswordPage),
  },
};
