/** A clock shared by every live-updating age on screen: one timer, re-rendering its readers once a second. */
import { useSyncExternalStore } from 'react';

const TICK_MS = 1_000;
const listeners = new Set<() => void>();
let now = Date.now();
let timer: number | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (timer === undefined) {
    now = Date.now();
    timer = window.setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      window.clearInterval(timer);
      timer = undefined;
    }
  };
}

/** Epoch milliseconds, updated every second while mounted. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, () => now);
}
