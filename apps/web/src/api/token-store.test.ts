import { beforeEach, describe, expect, it } from 'vitest';
import { readAccessToken, readPermissions, readRefreshToken, SESSION_KEYS } from './token-store';

beforeEach(() => window.localStorage.clear());

describe('token store reads', () => {
  it('reads a stored token, dropping any other keys', () => {
    window.localStorage.setItem(
      SESSION_KEYS.access,
      JSON.stringify({ token: 'a', expires: '2030-01-01T00:00:00.000Z', extra: 1 }),
    );
    expect(readAccessToken()).toEqual({ token: 'a', expires: '2030-01-01T00:00:00.000Z' });
  });

  it('reads corrupt or mistyped values as no session', () => {
    window.localStorage.setItem(SESSION_KEYS.access, '{not json');
    window.localStorage.setItem(SESSION_KEYS.refresh, JSON.stringify({ token: 'r', expires: 0 }));
    window.localStorage.setItem(SESSION_KEYS.permissions, JSON.stringify(['vehicle', 3]));
    expect(readAccessToken()).toBeNull();
    expect(readRefreshToken()).toBeNull();
    expect(readPermissions()).toEqual([]);

    window.localStorage.setItem(SESSION_KEYS.access, JSON.stringify([{ token: 'a', expires: 'x' }]));
    window.localStorage.setItem(SESSION_KEYS.permissions, JSON.stringify(['vehicle', 'vehicle:add-vehicle']));
    expect(readAccessToken()).toBeNull();
    expect(readPermissions()).toEqual(['vehicle', 'vehicle:add-vehicle']);
  });
});
