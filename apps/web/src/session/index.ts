/** The signed-in user and its permissions (docs/conventions.md "Console layout"). */
export { RequireAuth } from './require-auth';
export { forgetRequestedPath, signInTarget } from './requested-path';
export { setFlash } from './flash';
export { type Session, type SessionStatus, useSession } from './session-context';
export { SESSION_EXPIRED_TOAST_MS, SessionProvider } from './session-provider';
export { SessionTestProvider } from './session-test-provider';
export { storeSignIn } from './start-session';
