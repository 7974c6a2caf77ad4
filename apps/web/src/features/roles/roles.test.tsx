import type { Role } from '@civicfleet/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';
import { checkedToScopes, scopesToChecked } from './permission-matrix';

const role = (id: string, name: string, authScopes: Role['authScopes'], isBuiltin = false): Role => ({
  id,
  name,
  authScopes,
  isBuiltin,
  organisationId: isBuiltin ? null : '7',
});

describe('roles', () => {
  it('round-trips authScopes through the matrix model', () => {
    const scopes = { user: true, vehicle: { 'add-vehicle': true }, dashboard: true };
    const checked = scopesToChecked(scopes);
    expect(checked.has('user:set-user-password')).toBe(true);
    expect(checked.has('vehicle:edit-vehicle-result-table')).toBe(false);
    expect(checkedToScopes(checked)).toEqual(scopes);
  });

  it('lists roles; built-in roles cannot be deleted', async () => {
    const user = userEvent.setup();
    stubFetch({
      'GET /roles': ok([
        role('2', 'ADMIN', { user: true }, true),
        role('9', 'Ward clerk', { dashboard: true }),
      ]),
    });
    renderApp('/management/role');
    expect(await screen.findByText('Ward clerk')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add role' })).toHaveAttribute('href', '/management/role/add');
    await user.click(screen.getByRole('button', { name: 'Actions for ADMIN' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('creates a role from the matrix, with select-all per group and server errors on the name', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'POST /roles': [
        fail(409, 'A role with this name already exists.', { name: 'Name taken' }),
        ok(role('10', 'Clerk', {})),
      ],
      'GET /roles': ok([]),
    });
    renderApp('/management/role/add');
    await user.type(await screen.findByLabelText(/Role name/), 'Clerk');
    await user.click(screen.getByLabelText('Users: Set user password'));
    await user.click(screen.getByLabelText('Select all of Main menu'));
    await user.click(screen.getByRole('button', { name: 'Add role' }));
    expect(await screen.findByText('Name taken')).toBeInTheDocument();
    const body = network.callsTo('POST /roles')[0]?.body as {
      name: string;
      authScopes: Record<string, unknown>;
    };
    expect(body.name).toBe('Clerk');
    expect(body.authScopes.user).toEqual({ 'set-user-password': true });
    expect(body.authScopes.dashboard).toBe(true);
    expect(body.authScopes.fitment).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Add role' }));
    await waitFor(() => expect(network.callsTo('POST /roles')).toHaveLength(2));
    expect(await screen.findByText('Role created')).toBeInTheDocument();
  }, 60_000);

  it('shows built-in roles read-only', async () => {
    stubFetch({ 'GET /roles': ok([role('2', 'ADMIN', { user: true }, true)]) });
    renderApp('/management/role/edit/2');
    expect(await screen.findByText(/Built-in roles are shared/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Role name/ })).toBeDisabled();
    expect(screen.getByLabelText('Users: Set user password')).toBeChecked();
    expect(screen.getByLabelText('Users: Set user password')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    const matrix = screen.getByRole('group', { name: 'Permissions' });
    expect(matrix.querySelectorAll('input[type="checkbox"]').length).toBeGreaterThan(50);
  });
});
