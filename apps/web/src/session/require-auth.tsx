import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { rememberRequestedPath } from './requested-path';
import { useSession } from './session-context';

// Lazy: a signed-in user never downloads the sign-in form.
const LoginPage = lazy(() => import('@/features/auth/login-page').then((m) => ({ default: m.LoginPage })));

/**
 * Guards the main area (spec 01 §2.1): the loader while the session initialises, the login screen in place (at the
 * path that was asked, which sign-in returns to) when nobody is signed in, else the children.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const { pathname, search, hash } = useLocation();
  const requestedPath = `${pathname}${search}${hash}`;

  useEffect(() => {
    if (status === 'anonymous') rememberRequestedPath(requestedPath);
  }, [status, requestedPath]);

  if (status === 'initialising') return <FullScreenLoader />;
  if (status === 'anonymous') {
    return (
      <Suspense fallback={<FullScreenLoader />}>
        <LoginPage />
      </Suspense>
    );
  }
  return children;
}
