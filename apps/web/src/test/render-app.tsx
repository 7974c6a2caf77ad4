/**
 * Renders the real route table under the real providers, with a fixed signed-in session (SessionTestProvider) in
 * place of the server-backed one. Only the network is stubbed, by the tests that need it (api/testing/fetch-stub).
 */
import type { SessionUser } from '@civicfleet/shared';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '@/api/query-client';
import { AppProviders } from '@/app/providers';
import { buildRoutes } from '@/app/router';
import { SessionTestProvider } from '@/session';

export interface TestSession {
  roleName: string;
  permissions?: string[];
  user?: Partial<SessionUser>;
  onLogout?: () => void;
}

export function renderApp(path: string, session: TestSession = { roleName: 'SUPER_ADMIN' }) {
  function TestSessionBoundary({ children }: { children: ReactNode }) {
    return (
      <SessionTestProvider
        roleName={session.roleName}
        permissions={session.permissions}
        user={session.user}
        onLogout={session.onLogout}
      >
        {children}
      </SessionTestProvider>
    );
  }
  const router = createMemoryRouter(buildRoutes(TestSessionBoundary), { initialEntries: [path] });
  const result = render(
    <AppProviders queryClient={createQueryClient({ retry: false })}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}
