/** The demo sign-ins (printed by main.ts and listed in the README). Password for all: DEMO_PASSWORD. */
import { ROLE_NAMES, type RoleName } from '@civicfleet/shared';

export const DEMO_PASSWORD = 'Demo@12345';

export type DemoOrgKey = 'platform' | 'manufacturer' | 'vendor' | 'indore' | 'bhopalVendor' | 'bhopal';

export interface DemoAccount {
  role: RoleName;
  email: string;
  phone: string;
  firstName: string;
  lastName: string;
  org: DemoOrgKey;
}

const PLACEMENT: Record<RoleName, DemoOrgKey> = {
  SUPER_ADMIN: 'platform',
  MANUFACTURER: 'manufacturer',
  INVENTORY_MANAGER: 'manufacturer',
  RFC: 'vendor',
  RFC_ADMIN: 'vendor',
  FITTER: 'vendor',
  ADMIN: 'indore',
  LIMITED_USER: 'indore',
  CUSTOM: 'indore',
};

const NAMES: Record<RoleName, [string, string]> = {
  SUPER_ADMIN: ['Aditi', 'Sharma'],
  ADMIN: ['Rakesh', 'Verma'],
  MANUFACTURER: ['Sunil', 'Patidar'],
  INVENTORY_MANAGER: ['Neha', 'Joshi'],
  RFC: ['Imran', 'Khan'],
  RFC_ADMIN: ['Pooja', 'Malviya'],
  FITTER: ['Ramesh', 'Yadav'],
  LIMITED_USER: ['Kavita', 'Rathore'],
  CUSTOM: ['Vikas', 'Chouhan'],
};

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  ...ROLE_NAMES.map((role, index): DemoAccount => {
    const [firstName, lastName] = NAMES[role];
    return {
      role,
      email:
        role === 'SUPER_ADMIN' ? 'superadmin@demo.civicfleet.in' : `${role.toLowerCase()}@demo.civicfleet.in`,
      phone: `+9190000000${String(index + 1).padStart(2, '0')}`,
      firstName,
      lastName,
      org: PLACEMENT[role],
    };
  }),
  // A second municipal tree for isolation checks: it must never see Indore's data, nor Indore its.
  {
    role: 'ADMIN',
    email: 'admin.bhopal@demo.civicfleet.in',
    phone: '+919000000010',
    firstName: 'Arvind',
    lastName: 'Tiwari',
    org: 'bhopal',
  },
];

export function demoAccount(role: RoleName): DemoAccount {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role);
  if (!account) throw new Error(`No demo account for ${role}`);
  return account;
}
