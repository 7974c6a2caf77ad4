import type { Organisation, Role, User } from '@civicfleet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';

const ravi: User = {
  id: '21',
  firstName: 'Ravi',
  lastName: 'Patel',
  avatar: null,
  email: 'ravi@indore.gov.in',
  phone: '+919812345678',
  isEnabled: true,
  role: { id: '4', name: 'FITTER' },
  organisation: { id: '7', tradeName: 'Indore Municipal Corporation', brandName: 'IMC' },
  createdAt: '2026-01-01T00:00:00.000Z',
};

const page = (items: User[]) => ok({ items, total: items.length, page: 1, pageSize: 10 });
const role = (id: string, name: string, authScopes: Role['authScopes']): Role => ({
  id,
  name,
  authScopes,
  isBuiltin: true,
  organisationId: null,
});
const org = (id: string, tradeName: string): Organisation => ({
  id,
  parentId: null,
  kind: 'MUNICIPAL',
  tradeName,
  brandName: null,
  contact: null,
  email: null,
  address: { country: 'India', landmark: '', pin: '', city: '', state: '' },
  logo: null,
  gst: null,
  isOnboarded: true,
  deleted: false,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const orgPage = ok({
  items: [org('7', 'Indore Municipal Corporation'), org('9', 'Palasia Ward')],
  total: 2,
  page: 1,
  pageSize: 100,
});

const manager = {
  roleName: 'ADMIN',
  permissions: [
    'user',
    'user:add-user',
    'user:edit-user-result-table',
    'user:delete-user-result-table',
    'user:set-user-password',
    'user:associate-user-result-table',
    'vehicle',
  ],
  user: { id: '1', organisation: { id: '7', tradeName: 'Indore Municipal Corporation', brandName: 'IMC' } },
};

describe('users', () => {
  it('lists users and hides the actions the session may not use', async () => {
    const network = stubFetch({ 'GET /users': page([ravi]) });
    renderApp('/management/user', {
      roleName: 'ADMIN',
      permissions: ['user', 'user:edit-user-result-table'],
    });
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    const row = (await screen.findByText('Ravi Patel')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('9812345678')).toBeInTheDocument();
    expect(within(row).getByText('FITTER')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add user' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: /Ravi Patel/ }));
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Set password' })).not.toBeInTheDocument();
    expect(network.callsTo('GET /users')[0]?.query.get('pageSize')).toBe('10');
  });

  it('deletes a user after confirmation and sets a password with the rules', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /users': page([ravi]),
      'DELETE /users/21': ok(null),
      'PUT /users/21/password': ok(null),
    });
    renderApp('/management/user', manager);
    const row = (await screen.findByText('Ravi Patel')).closest('tr');
    if (!row) throw new Error('no row');
    await user.click(within(row).getByRole('button', { name: 'Actions for Ravi Patel' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Set password' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Set password' }));
    await user.type(dialog.getByLabelText(/^New password/), 'short');
    expect(dialog.getByText('Password strength: Weak')).toBeInTheDocument(); // the meter (ASVS 2.1.8)
    await user.click(dialog.getByRole('button', { name: 'Set password' }));
    expect(await dialog.findByText('The password must be at least 12 characters long')).toBeInTheDocument();
    await user.clear(dialog.getByLabelText(/^New password/));
    await user.type(dialog.getByLabelText(/^New password/), 'Fresh@Pass123');
    expect(dialog.getByText('Password strength: Strong')).toBeInTheDocument();
    await user.type(dialog.getByLabelText(/^Confirm new password/), 'Fresh@Pass123');
    await user.click(dialog.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Password set. The user must sign in again.')).toBeInTheDocument();
    expect(network.callsTo('PUT /users/21/password')[0]?.body).toEqual({ password: 'Fresh@Pass123' });

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Actions for Ravi Patel' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('dialog'));
    await user.click(confirm.getByRole('button', { name: /delete/i }));
    await waitFor(() => expect(network.callsTo('DELETE /users/21')).toHaveLength(1));
  });

  it('resets the two-step verification of a user who has it on, confirmed with the admin password', async () => {
    const user = userEvent.setup();
    const withMfa: User = { ...ravi, mfaEnabled: true };
    const asha: User = {
      ...ravi,
      id: '22',
      firstName: 'Asha',
      email: 'asha@indore.gov.in',
      mfaEnabled: false,
    };
    const me: User = { ...ravi, id: '1', firstName: 'Testa', lastName: 'User', mfaEnabled: true };
    const network = stubFetch({
      'GET /users': [page([withMfa, asha, me]), page([{ ...withMfa, mfaEnabled: false }, asha, me])],
      'POST /users/21/mfa/reset': [
        fail(400, 'The current password is not correct.', {
          password: 'The current password is not correct.',
        }),
        ok({ sessionsRevoked: 2 }, 'Two-step verification was reset.'),
      ],
    });
    renderApp('/management/user', manager);
    const ashaRow = (await screen.findByText('Asha Patel')).closest('tr');
    const raviRow = screen.getByText('Ravi Patel').closest('tr');
    if (!ashaRow || !raviRow) throw new Error('no row');
    expect(within(raviRow).getByText('On')).toBeInTheDocument();
    expect(within(ashaRow).getByText('Off')).toBeInTheDocument();
    // Nothing to reset for a user without a second factor.
    await user.click(within(ashaRow).getByRole('button', { name: 'Actions for Asha Patel' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Reset two-step verification' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    // Nor for one's own: that goes through the Two-step verification page, with a code.
    await user.click(screen.getByRole('button', { name: 'Actions for Testa User' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Reset two-step verification' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(within(raviRow).getByRole('button', { name: 'Actions for Ravi Patel' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reset two-step verification' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reset two-step verification?' }));
    expect(dialog.getByText(/Ravi Patel has lost their phone/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Reset' }));
    expect(await dialog.findByText('The password field is required')).toBeInTheDocument();
    expect(network.callsTo('POST /users/21/mfa/reset')).toHaveLength(0);
    await user.type(dialog.getByLabelText('Your password'), 'wrong-password{Enter}');
    expect(await dialog.findByText('The current password is not correct.')).toBeInTheDocument();
    await user.clear(dialog.getByLabelText('Your password'));
    await user.type(dialog.getByLabelText('Your password'), 'Demo@12345{Enter}');
    expect(
      await screen.findByText('Two-step verification reset. 2 sessions signed out.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(network.callsTo('POST /users/21/mfa/reset').map((c) => c.body)).toEqual([
      { password: 'wrong-password' },
      { password: 'Demo@12345' },
    ]);
    // The list is read again and shows the factor off.
    await waitFor(() => expect(within(raviRow).getByText('Off')).toBeInTheDocument());
  });

  it('offers the reset only with set-user-password', async () => {
    const user = userEvent.setup();
    stubFetch({ 'GET /users': page([{ ...ravi, mfaEnabled: true }]) });
    renderApp('/management/user', {
      ...manager,
      permissions: manager.permissions.filter((p) => p !== 'user:set-user-password'),
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for Ravi Patel' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Reset two-step verification' })).not.toBeInTheDocument();
  });

  it('creates a user with +91 added and shows server field errors on the fields', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /roles': ok([
        role('1', 'SUPER_ADMIN', {}),
        role('4', 'FITTER', { vehicle: {} }),
        role('5', 'ADMIN', { user: true, fleet: true, vehicle: true, device: true }),
      ]),
      'GET /organisation': orgPage,
      'POST /users': [
        fail(409, 'A user with this phone number already exists.', { phone: 'Taken' }),
        ok(ravi),
      ],
      'GET /users': page([ravi]),
    });
    renderApp('/management/user/add', manager);
    await user.click(await screen.findByRole('button', { name: 'Add user' }));
    expect(await screen.findByText('The first name is required')).toBeInTheDocument();
    expect(screen.getByText('Enter an e-mail address or a phone number')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^First name/), 'Ravi');
    await user.type(screen.getByLabelText(/^Phone/), '9812345678');
    await user.click(screen.getByRole('combobox', { name: /^Role/ }));
    const options = await screen.findAllByRole('option');
    // Only roles within the caller's own permissions may be handed out.
    expect(options.map((o) => o.textContent)).toEqual(['FITTER']);
    await user.click(options[0] as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    expect(await screen.findByText('Taken')).toBeInTheDocument();
    expect(network.callsTo('POST /users')[0]?.body).toMatchObject({
      firstName: 'Ravi',
      phone: '+919812345678',
      email: null,
      roleId: '4',
      organisationId: '7',
      isEnabled: true,
    });
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    expect(await screen.findByText('User created')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
  });

  it('lets a user without the user module edit his own profile through PUT /users/me', async () => {
    const user = userEvent.setup();
    const saved: User = {
      ...ravi,
      id: '1',
      firstName: 'Testa',
      lastName: 'User',
      email: 'test.user@example.in',
      phone: '+919812300000',
    };
    const network = stubFetch({
      'PUT /users/me': [
        fail(409, 'A user with this phone number already exists.', { phone: 'Taken' }),
        ok(saved),
      ],
    });
    renderApp('/management/user/edit/1', { roleName: 'FITTER', permissions: ['vehicle'] });
    expect(await screen.findByRole('heading', { name: 'My profile' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^E-mail/)).toHaveValue('test.user@example.in');
    expect(screen.getByText('FITTER')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /^Role/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change password' })).toHaveAttribute('href', '/change-password');

    await user.clear(screen.getByLabelText(/^First name/));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The first name is required')).toBeInTheDocument();
    expect(network.callsTo('PUT /users/me')).toHaveLength(0);

    await user.type(screen.getByLabelText(/^First name/), 'Testa');
    await user.clear(screen.getByLabelText(/^Phone/));
    await user.type(screen.getByLabelText(/^Phone/), '9812300000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Taken')).toBeInTheDocument();
    // Only the fields a user owns: never role, organisation or status.
    expect(network.callsTo('PUT /users/me')[0]?.body).toEqual({
      firstName: 'Testa',
      lastName: 'User',
      email: 'test.user@example.in',
      phone: '+919812300000',
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(network.callsTo('PUT /users/me')).toHaveLength(2);
  });
});
