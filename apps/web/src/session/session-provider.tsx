/**
 * The signed-in user for the whole console (spec 01 §4). Needs a QueryClientProvider, a notistack SnackbarProvider
 * and a router above it.
 */
import { hasPermission, type SessionUser } from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout as logoutCall } from '@/api/auth';
import { onSessionExpired, refreshSessionOnce } from '@/api/client';
import {
  clearSession,
  msUntilExpiry,
  readAccessToken,
  readRefreshToken,
  SESSION_KEYS,
  subscribeTokens,
} from '@/api/token-store';
import { type Session, SessionContext, type SessionProfile, type SessionStatus } from './session-context';
import { takeFlash } from './flash';
import { StepUpProvider } from './step-up-provider';
import { startSession, storeIdentity } from './start-session';

/** Toast length of "Session expired! Login again." (spec 01 §4, §8). */
export const SESSION_EXPIRED_TOAST_MS = 4000;
/** Refresh this long before the access token expires, so calls never meet an expired token. */
const REFRESH_LEAD_MS = 60_000;
/** Spread over tabs opened together, which would otherwise all wake at the same moment. */
const REFRESH_JITTER_MS = 10_000;
/** Lower bound between proactive attempts (also paces retries after a network failure). */
const MIN_REFRESH_DELAY_MS = 15_000;
/** setTimeout's ceiling (about 24.8 days). */
const MAX_TIMEOUT_MS = 2_147_483_647;

interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
}

const ANONYMOUS: SessionState = { status: 'anonymous', user: null };
const NO_PERMISSIONS: string[] = [];

export function SessionProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const [state, setState] = useState<SessionState>({ status: 'initialising', user: null });
  const [tokenVersion, setTokenVersion] = useState(0);

  const endSession = useCallback(() => {
    setState(ANONYMOUS);
    queryClient.clear();
  }, [queryClient]);

  const showExpired = useCallback(() => {
    enqueueSnackbar(t('session.expired'), {
      variant: 'warning',
      autoHideDuration: SESSION_EXPIRED_TOAST_MS,
      preventDuplicate: true,
    });
  }, [enqueueSnackbar, t]);

  const showFlash = useCallback(() => {
    const key = takeFlash();
    if (key !== null) enqueueSnackbar(t(key), { variant: 'success' });
  }, [enqueueSnackbar, t]);

  // Start: decide from the stored tokens (a StrictMode re-run aborts the first attempt, which then changes nothing).
  useEffect(() => {
    const controller = new AbortController();
    startSession(controller.signal)
      .then((outcome) => {
        if (controller.signal.aborted) return;
        switch (outcome.kind) {
          case 'authenticated':
            storeIdentity(outcome.user);
            setState({ status: 'authenticated', user: outcome.user });
            showFlash();
            return;
          case 'anonymous':
            setState(ANONYMOUS);
            return;
          case 'expired':
            clearSession();
            setState(ANONYMOUS);
            showExpired();
            return;
          case 'unavailable':
            setState(ANONYMOUS);
            enqueueSnackbar(outcome.message, { variant: 'error' });
        }
      })
      .catch(() => {
        // Aborted by the effect cleanup: the next run decides.
      });
    return () => controller.abort();
    // Runs once per mount: later changes arrive through the listeners below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A refused refresh anywhere (a 401 on some call, or the proactive refresh) ends the session.
  useEffect(
    () =>
      onSessionExpired(() => {
        endSession();
        showExpired();
      }),
    [endSession, showExpired],
  );

  // Signed out in another tab: follow it quietly.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if ((event.key === SESSION_KEYS.refresh || event.key === null) && readRefreshToken() === null)
        endSession();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [endSession]);

  useEffect(() => subscribeTokens(() => setTokenVersion((version) => version + 1)), []);

  // Proactive refresh shortly before the access token expires; rescheduled whenever tokens change.
  useEffect(() => {
    if (state.status !== 'authenticated') return;
    const untilRefreshMs =
      msUntilExpiry(readAccessToken()) - REFRESH_LEAD_MS - Math.random() * REFRESH_JITTER_MS;
    const delayMs = Math.min(Math.max(untilRefreshMs, MIN_REFRESH_DELAY_MS), MAX_TIMEOUT_MS);
    const timer = window.setTimeout(() => {
      refreshSessionOnce().catch(() => {
        // A refusal ends the session through onSessionExpired; otherwise try again after the minimum delay.
        setTokenVersion((version) => version + 1);
      });
    }, delayMs);
    return () => window.clearTimeout(timer);
  }, [state.status, tokenVersion]);

  const logout = useCallback(async () => {
    const refreshToken = readRefreshToken();
    // Errors are ignored (spec 01 §4): the session ends here whatever the server says.
    if (refreshToken !== null) await logoutCall(refreshToken.token).catch(() => undefined);
    clearSession();
    endSession();
    enqueueSnackbar(t('session.loggedOut'), { variant: 'success' });
    void navigate('/');
  }, [endSession, enqueueSnackbar, navigate, t]);

  const applyProfile = useCallback((profile: SessionProfile) => {
    setState((current) => (current.user ? { ...current, user: { ...current.user, ...profile } } : current));
  }, []);

  const user = state.user;
  const permissions = user?.permissions ?? NO_PERMISSIONS;
  const can = useCallback(
    (moduleId: string, actionId?: string) =>
      user !== null && hasPermission(user.role.name, permissions, moduleId, actionId),
    [user, permissions],
  );

  const session = useMemo<Session>(
    () => ({ status: state.status, user, permissions, can, applyProfile, logout }),
    [state.status, user, permissions, can, applyProfile, logout],
  );

  return (
    <SessionContext.Provider value={session}>
      <StepUpProvider isActive={state.status === 'authenticated'}>{children}</StepUpProvider>
    </SessionContext.Provider>
  );
}
