/**
 * A message that must survive the full page load after sign-in (spec 01 §4: "Login stores the tokens and reloads the
 * page", and the success toast "Successfully logged in" must still be seen). Kept per tab in sessionStorage and shown
 * once by the SessionProvider when the session is up.
 */
const KEY = 'cf.session.flash';

export function setFlash(i18nKey: string): void {
  try {
    window.sessionStorage.setItem(KEY, i18nKey);
  } catch {
    // Without storage the toast shown before the reload is all the user gets.
  }
}

export function takeFlash(): string | null {
  try {
    const key = window.sessionStorage.getItem(KEY);
    window.sessionStorage.removeItem(KEY);
    return key;
  } catch {
    return null;
  }
}
