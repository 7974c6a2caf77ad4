import { DEFAULT_ROLE_SCOPES, flattenAuthScopes } from '@civicfleet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render-app';

const fitter = { roleName: 'FITTER', permissions: flattenAuthScopes('FITTER', DEFAULT_ROLE_SCOPES.FITTER) };

async function sidebar() {
  return within(await screen.findByRole('navigation', { name: 'Main navigation' }));
}

describe('app layout', () => {
  it('shows a SUPER_ADMIN every top-level item, with the New and Beta chips, and highlights the current page', async () => {
    renderApp('/vehicle-status');
    const nav = await sidebar();
    for (const label of ['Dashboard', 'Live Tracking', 'Fitment', 'SIM Activation Orders']) {
      expect(nav.getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(nav.getByRole('link', { name: /Dashboard V2/ })).toHaveTextContent('New');
    expect(nav.getByRole('link', { name: /Fleet Dashboard/ })).toHaveTextContent('Beta');
    expect(nav.getByRole('link', { name: 'Vehicle Status' })).toHaveAttribute('aria-current', 'page');
    // The status board (features/vehicle-status) is built: its table's title shows.
    expect(
      await screen.findByRole('heading', { name: 'Vehicle status' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
  });

  it('shows a FITTER only its screens; its empty groups say so when opened', async () => {
    const user = userEvent.setup();
    renderApp('/fitment', fitter);
    const nav = await sidebar();
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual(['Vehicle Status', 'Fitment']);
    await user.click(nav.getByRole('button', { name: 'Reports' }));
    expect(nav.getByText('No items for your role')).toBeInTheDocument();
  });

  it('expands and collapses a group, and remembers it', async () => {
    const user = userEvent.setup();
    const { unmount } = renderApp('/vehicle-status');
    const nav = await sidebar();
    const reports = nav.getByRole('button', { name: 'Reports' });
    expect(reports).toHaveAttribute('aria-expanded', 'false');
    expect(nav.queryByRole('link', { name: 'Fuel Consumption' })).not.toBeInTheDocument();

    await user.click(reports);
    expect(reports).toHaveAttribute('aria-expanded', 'true');
    expect(nav.getByRole('link', { name: 'Fuel Consumption' })).toHaveAttribute(
      'href',
      '/reports/fuel-consumption',
    );
    expect(within(nav.getByRole('list', { name: 'Reports' })).getAllByRole('link')).toHaveLength(15);

    unmount();
    renderApp('/dashboard');
    const again = await sidebar();
    expect(again.getByRole('button', { name: 'Reports' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(again.getByRole('button', { name: 'Reports' }));
    await waitFor(() =>
      expect(again.queryByRole('link', { name: 'Fuel Consumption' })).not.toBeInTheDocument(),
    );
  });

  it('opens the group of the current page on first visit', async () => {
    renderApp('/reports/fuel-consumption');
    const nav = await sidebar();
    expect(nav.getByRole('link', { name: 'Fuel Consumption' })).toHaveAttribute('aria-current', 'page');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Fuel Consumption' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('shows the 403 page inside the layout for a screen the role lacks', async () => {
    renderApp('/dashboard', fitter);
    expect(
      await screen.findByRole('heading', { name: 'You do not have access to this page' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it('switches the sidebar to Hindi', async () => {
    const user = userEvent.setup();
    renderApp('/vehicle-status');
    const nav = await sidebar();
    await user.click(screen.getByRole('button', { name: 'Change language' }));
    await user.click(await screen.findByRole('menuitem', { name: 'हिन्दी' }));
    expect(await nav.findByRole('link', { name: 'वाहन स्थिति' })).toBeInTheDocument();
    expect(nav.getByRole('button', { name: 'रिपोर्ट' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('hi');
    expect(window.localStorage.getItem('cf.language')).toBe('hi');
  });

  it('offers Wallet in the user menu only to ADMIN and RFC_ADMIN, and signs out', async () => {
    const user = userEvent.setup();
    const onLogout = vi.fn();
    const { unmount } = renderApp('/vehicle-status', {
      roleName: 'ADMIN',
      user: { id: '42', firstName: 'Asha', lastName: 'Verma' },
      onLogout,
    });
    await user.click(await screen.findByRole('button', { name: 'Account menu for Asha Verma' }));
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/management/user/edit/42',
    );
    expect(screen.getByRole('menuitem', { name: 'Change Password' })).toHaveAttribute(
      'href',
      '/change-password',
    );
    expect(screen.getByRole('menuitem', { name: 'Wallet' })).toHaveAttribute('href', '/account/wallet');
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    expect(onLogout).toHaveBeenCalledOnce();
    unmount();

    renderApp('/vehicle-status', fitter);
    await user.click(await screen.findByRole('button', { name: /Account menu for/ }));
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Wallet' })).not.toBeInTheDocument();
  });

  it('lets everyone open their own profile', async () => {
    renderApp('/management/user/edit/1', fitter);
    expect(await screen.findByRole('heading', { name: 'My profile' })).toBeInTheDocument();
  });

  it('links the footer to the legal pages in a new tab', async () => {
    renderApp('/vehicle-status');
    const terms = await screen.findByRole('link', { name: 'Terms of use' });
    expect(terms).toHaveAttribute('href', '/public/term-of-use');
    expect(terms).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('rel', 'noopener');
    // Spec 01 §9: the footer shows the year 2023; we show it as the start of the range up to this year.
    expect(screen.getByText(`© 2023–${new Date().getFullYear()} CivicFleet`)).toBeInTheDocument();
  });

  it('redirects / to Vehicle Status', async () => {
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/vehicle-status'));
  });
});
