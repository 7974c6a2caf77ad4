/**
 * The device command dialog offers engine stop and resume only to callers holding device:immobilise (issue 20 #3);
 * the server asks for the password itself (the step-up dialog of api/client.ts).
 */
import type { Device } from '@civicfleet/shared';
import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/api/query-client';
import { loadNamespaces } from '@/lib/i18n';
import { SessionTestProvider } from '@/session';
import { CommandDialog } from './CommandDialogs';

const device = { id: '31', imei: '862000000000007' } as Pick<Device, 'id' | 'imei'> as Device;

async function openTypes(permissions: string[]) {
  await loadNamespaces('device');
  render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <SnackbarProvider>
        <SessionTestProvider roleName="CUSTOM" permissions={permissions}>
          <CommandDialog device={device} onClose={() => undefined} />
        </SessionTestProvider>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  await userEvent.click(await screen.findByRole('combobox', { name: /command/i }));
  return within(await screen.findByRole('listbox'))
    .getAllByRole('option')
    .map((o) => o.textContent);
}

describe('CommandDialog', () => {
  it('hides engine stop and resume without device:immobilise', async () => {
    const types = await openTypes(['device', 'device:send-command']);
    expect(types).toEqual(['Custom text', 'Get device information']);
  });

  it('offers them with the permission and says a password confirmation follows', async () => {
    const types = await openTypes(['device', 'device:send-command', 'device:immobilise']);
    expect(types).toEqual(['Custom text', 'Stop engine', 'Resume engine', 'Get device information']);
    await userEvent.click(screen.getByRole('option', { name: 'Stop engine' }));
    expect(await screen.findByText(/confirm your password first/i)).toBeInTheDocument();
  });
});
