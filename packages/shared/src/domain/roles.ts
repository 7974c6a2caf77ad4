/** Role names of spec 01 §6 / spec 02 §6. SUPER_ADMIN is special: it holds every permission. */
export const ROLE_NAMES = [
  'SUPER_ADMIN',
  'ADMIN',
  'MANUFACTURER',
  'INVENTORY_MANAGER',
  'RFC',
  'RFC_ADMIN',
  'FITTER',
  'LIMITED_USER',
  'CUSTOM',
] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export const SUPER_ADMIN: RoleName = 'SUPER_ADMIN';

/** Roles that see the Wallet entry of the user menu (spec 01 §2.9). */
export const WALLET_ROLES: readonly RoleName[] = ['ADMIN', 'RFC_ADMIN'];

export function isSuperAdmin(roleName: string | undefined | null): boolean {
  return roleName === SUPER_ADMIN;
}
