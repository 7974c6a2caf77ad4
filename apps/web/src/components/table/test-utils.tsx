/** Test harness for the table: query client, notifications, a fixed session whose `can` goes to the table. */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { createQueryClient } from '@/api/query-client';
import { SessionTestProvider, useSession } from '@/session';
import type { CanFn } from './types';

export interface Vehicle {
  id: string;
  registrationNumber: string;
  city: string;
  distanceKm: number;
  isActive: boolean;
}

const CITIES = ['Indore', 'Bhopal', 'Ujjain'];

/** `count` vehicles MP09GF1001…, in three cities, distance = index × 1.5 km. */
export function makeVehicles(count: number): Vehicle[] {
  return Array.from({ length: count }, (_, i) => ({
    id: String(i + 1),
    registrationNumber: `MP09GF${1001 + i}`,
    city: CITIES[i % CITIES.length] ?? 'Indore',
    distanceKm: (i + 1) * 1.5,
    isActive: i % 2 === 0,
  }));
}

/** Renders `children(can)` with the session's `can`, the way a page passes it to the table. */
function WithCan({ children }: { children: (can: CanFn) => ReactNode }) {
  const { can } = useSession();
  return <>{children(can)}</>;
}

export function renderWithProviders(
  children: (can: CanFn) => ReactNode,
  { permissions = [], roleName = 'ADMIN' }: { permissions?: string[]; roleName?: string } = {},
) {
  return render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <SnackbarProvider maxSnack={6}>
        <SessionTestProvider roleName={roleName} permissions={permissions}>
          <WithCan>{children}</WithCan>
        </SessionTestProvider>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}
