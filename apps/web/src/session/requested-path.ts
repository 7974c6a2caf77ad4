/**
 * The path an anonymous visitor asked for (spec 01 §2.1): the login screen shows in place, and if the visitor wanders
 * through forgot/reset password first, sign-in still returns there. Kept per tab in sessionStorage.
 */
const KEY = 'cf.session.requestedPath';

/** Only same-origin app paths: never `//host`, never the auth screens themselves. */
export function isReturnablePath(path: string): boolean {
  return (
    path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') && !path.startsWith('/auth/')
  );
}

export function rememberRequestedPath(path: string): void {
  if (!isReturnablePath(path)) return;
  try {
    window.sessionStorage.setItem(KEY, path);
  } catch {
    // Without storage the user lands on / after sign-in.
  }
}

function readRequestedPath(): string | null {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function forgetRequestedPath(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}

/**
 * Where sign-in should land: the current path when the login screen is shown in place of a protected page, else the
 * remembered one, else /.
 */
export function signInTarget(current: { pathname: string; search: string; hash: string }): string {
  const here = `${current.pathname}${current.search}${current.hash}`;
  if (isReturnablePath(here)) return here;
  const remembered = readRequestedPath();
  return remembered !== null && isReturnablePath(remembered) ? remembered : '/';
}
