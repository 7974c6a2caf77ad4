/**
 * `useLiveFleet()` — the live fleet from /v1/live, shared by every consumer of the tab (live-store.ts):
 * `{ vehicles, version, alerts, connection, error }`. `useLiveFleet({ share })` follows a share link instead
 * (`/v1/live?share=<token>`, no sign-in). See README.md.
 */
import { useSyncExternalStore } from 'react';
import { API_ROOT, refreshSessionOnce } from '@/api/client';
import { isTokenValid, readAccessToken, subscribeTokens } from '@/api/token-store';
import { loadShareDirectory, loadVehicleDirectory } from './vehicle-directory';
import {
  createLiveFleetStore,
  type LiveFleetSnapshot,
  type LiveFleetStore,
  type LiveSocket,
} from './live-store';

export interface UseLiveFleetOptions {
  /** A share-link token: connect with `?share=` and no sign-in. */
  share?: string;
}

/** ws(s):// URL of /v1/live, from the API root the brand sets (relative roots resolve against the page). */
export function liveSocketUrl(share?: string): string {
  const url = new URL(`${API_ROOT}/live`, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  if (share) url.searchParams.set('share', share);
  return url.toString();
}

async function validAccessToken(): Promise<string | null> {
  const stored = readAccessToken();
  if (isTokenValid(stored)) return stored.token;
  try {
    await refreshSessionOnce();
  } catch {
    return null;
  }
  const refreshed = readAccessToken();
  return isTokenValid(refreshed, 0) ? refreshed.token : null;
}

/** A browser WebSocket behind the store's small socket interface. */
function openBrowserSocket(url: string): LiveSocket {
  const ws = new WebSocket(url);
  const socket: LiveSocket = {
    send: (data) => ws.send(data),
    close: (code, reason) => ws.close(code, reason),
    onopen: null,
    onmessage: null,
    onclose: null,
    onerror: null,
  };
  ws.onopen = () => socket.onopen?.();
  ws.onmessage = (event) => socket.onmessage?.(event);
  ws.onclose = (event) => socket.onclose?.(event);
  ws.onerror = () => socket.onerror?.();
  return socket;
}

const stores = new Map<string, LiveFleetStore>();

/** The tab's store for the signed-in feed ('') or for one share token. */
export function getLiveFleetStore(share?: string): LiveFleetStore {
  const key = share ?? '';
  let store = stores.get(key);
  if (!store) {
    store = createLiveFleetStore({
      url: liveSocketUrl(share),
      openSocket: openBrowserSocket,
      ...(share
        ? { isShare: true, loadDirectory: () => loadShareDirectory(share) }
        : {
            getToken: validAccessToken,
            refreshTokens: () =>
              refreshSessionOnce().then(
                () => true,
                () => false,
              ),
            onTokensChanged: subscribeTokens,
            loadDirectory: () => loadVehicleDirectory(),
          }),
    });
    stores.set(key, store);
  }
  return store;
}

export function useLiveFleet(options: UseLiveFleetOptions = {}): LiveFleetSnapshot {
  const store = getLiveFleetStore(options.share);
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
