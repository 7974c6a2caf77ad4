/**
 * localStorage that never throws (private mode, quota, disabled storage): UI preferences are best-effort.
 * Keys are namespaced with `cf.` so they never collide with the session's keys.
 */
export function readPreference(key: string): string | null {
  try {
    return window.localStorage.getItem(`cf.${key}`);
  } catch {
    return null;
  }
}

export function writePreference(key: string, value: string): void {
  try {
    window.localStorage.setItem(`cf.${key}`, value);
  } catch {
    // Preference not kept; the UI still works for this visit.
  }
}
