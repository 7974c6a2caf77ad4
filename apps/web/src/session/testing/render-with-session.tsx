/** Renders routes under the real providers (query client, notifications, router, SessionProvider) for tests. */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { type ReactElement, StrictMode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import '@/lib/i18n';
import { createQueryClient } from '@/api/query-client';
import { SessionProvider } from '../session-provider';

/** Shows the router's current location so tests can assert on navigation. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

export interface TestRoute {
  path: string;
  element: ReactElement;
}

export function renderWithSession(
  routes: TestRoute[],
  {
    at = '/',
    strict = false,
  }: { at?: string; /** Mount twice like React StrictMode in development. */ strict?: boolean } = {},
) {
  const queryClient = createQueryClient({ retry: false });
  const tree = (
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider maxSnack={6}>
        <MemoryRouter initialEntries={[at]}>
          <SessionProvider>
            <Routes>
              {routes.map((route) => (
                <Route key={route.path} path={route.path} element={route.element} />
              ))}
            </Routes>
            <LocationProbe />
          </SessionProvider>
        </MemoryRouter>
      </SnackbarProvider>
    </QueryClientProvider>
  );
  const result = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { ...result, queryClient };
}
