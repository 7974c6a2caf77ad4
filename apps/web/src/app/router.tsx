/**
 * The one route table (spec 01 §2). Every page is lazy so that the sign-in route downloads only the shell
 * (budget ≤250 kB gzip, ARCHITECTURE.md "Front end"); the app layout loads only behind RequireAuth. Auth pages are
 * imported file by file (not through the feature's index) so the sign-in route does not download the other three,
 * and shares its chunk with RequireAuth's own lazy login page.
 */
import type { ComponentType, ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { loadNamespaces } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { RequireAuth, SessionProvider } from '@/session';
import { SCREENS, type ScreenRoute } from './main-routes';
import { ScrollToTop } from './ScrollToTop';

/** A lazy route: the page's chunk plus any deferred i18n namespaces it reads (lib/i18n "deferred"). */
const page = (load: () => Promise<ComponentType>, ...namespaces: string[]): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const [Component] = await Promise.all([load(), loadNamespaces(...namespaces)]);
    return { Component };
  },
});

function screenRoute(screen: ScreenRoute): RouteObject {
  return {
    path: screen.path,
    lazy: async () => {
      // pages.ts (the built pages' import map) is its own chunk, loaded with the first screen after sign-in.
      const [{ ScreenGate, ComingSoonScreen }, { PAGES }] = await Promise.all([
        import('./screens'),
        import('./pages'),
      ]);
      const built = PAGES[screen.path];
      const [Page] = await Promise.all([built?.load(), loadNamespaces(...(built?.namespaces ?? []))]);
      return {
        element: (
          <ScreenGate access={screen.access}>
            {Page ? <Page /> : <ComingSoonScreen titleKey={screen.titleKey} variant={screen.variant} />}
          </ScreenGate>
        ),
      };
    },
  };
}

/** What provides the session to every route: the real provider, or a fixed test session in page tests. */
export type SessionBoundary = ComponentType<{ children: ReactNode }>;

const notFound = page(() => import('@/features/status').then((m) => m.NotFoundPage));

export const buildRoutes = (Session: SessionBoundary = SessionProvider): RouteObject[] => [
  {
    id: 'root',
    element: (
      <Session>
        <ScrollToTop />
        <Outlet />
      </Session>
    ),
    errorElement: <ErrorBoundary />,
    HydrateFallback: FullScreenLoader,
    children: [
      // Public (spec 01 §2.1).
      {
        path: paths.auth.login,
        ...page(() => import('@/features/auth/login-page').then((m) => m.LoginPage)),
      },
      {
        path: paths.auth.forgotPassword,
        ...page(() => import('@/features/auth/forgot-password-page').then((m) => m.ForgotPasswordPage)),
      },
      // Restricted sessions: the one screen they may use (server: http/authenticate.ts).
      {
        path: paths.auth.passwordRequired,
        ...page(() => import('@/features/auth/password-required-page').then((m) => m.PasswordRequiredPage)),
      },
      {
        path: paths.auth.mfaRequired,
        ...page(() => import('@/features/mfa').then((m) => m.MfaRequiredPage), 'mfa'),
      },
      {
        path: '/auth/reset-password/:otpToken',
        ...page(() => import('@/features/auth/reset-password-page').then((m) => m.ResetPasswordPage)),
      },
      {
        ...page(() => import('./layouts/PublicLayout').then((m) => m.PublicLayout), 'shell', 'public'),
        children: [
          {
            path: paths.public.termsOfUse,
            ...page(() => import('@/features/public').then((m) => m.TermsOfUsePage), 'legal'),
          },
          {
            path: paths.public.privacy,
            ...page(() => import('@/features/public').then((m) => m.PrivacyPolicyPage), 'legal'),
          },
          {
            path: paths.public.portChecker,
            ...page(() => import('@/features/public').then((m) => m.PortCheckerPage), 'public'),
          },
          {
            path: '/certificate/:id',
            ...page(() => import('@/features/certificate').then((m) => m.CertificatePage), 'certificate'),
          },
          {
            path: paths.certificateSearch,
            ...page(
              () => import('@/features/certificate').then((m) => m.CertificateSearchPage),
              'certificate',
            ),
          },
        ],
      },
      // Public share links (features/share): brand frame only, nothing else of the console reachable.
      {
        ...page(
          () => import('./layouts/SharePublicLayout').then((m) => m.SharePublicLayout),
          'shell',
          'share',
        ),
        children: [
          paths.public.sharedLiveTracking,
          paths.public.sharedPlayback,
          '/public/:context/share/:collectionId',
        ].map((path) => ({
          path,
          ...page(() => import('@/features/share/public').then((m) => m.PublicSharePage), 'share'),
        })),
      },
      // Status pages (spec 01 §2.2).
      { path: paths.status.notFound, ...notFound },
      {
        path: paths.status.serverError,
        ...page(() => import('@/features/status').then((m) => m.ServerErrorPage)),
      },
      {
        path: paths.status.maintenance,
        ...page(() => import('@/features/status').then((m) => m.MaintenancePage)),
      },
      {
        path: paths.status.comingSoon,
        ...page(() => import('@/features/status').then((m) => m.ComingSoonPage)),
      },
      // Main area (spec 01 §2.3–§2.6): sign-in required, inside the app layout.
      {
        element: (
          <RequireAuth>
            <Outlet />
          </RequireAuth>
        ),
        children: [
          {
            ...page(() => import('./layouts/AppLayout').then((m) => m.AppLayout), 'shell', 'search', 'desk'),
            children: [
              { index: true, element: <Navigate to={paths.vehicleStatus} replace /> },
              ...SCREENS.map(screenRoute),
            ],
          },
        ],
      },
      { path: '*', ...notFound },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
