import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('path builders', () => {
  it('fill parameters and encode them', () => {
    expect(paths.profile('42')).toBe('/management/user/edit/42');
    expect(paths.management.deviceDetails('86 12/3')).toBe('/management/device-details/86%2012%2F3');
    expect(paths.public.sharedCollection('ward', '7')).toBe('/public/ward/share/7');
    expect(paths.auth.resetPassword('a@b.in')).toBe('/auth/reset-password/a%40b.in');
  });
});
