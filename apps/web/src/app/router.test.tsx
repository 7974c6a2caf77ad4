import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';

describe('route table', () => {
  it('shows the 404 page for an unknown path, with a way home', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it.each([
    ['/status', 'Page not found'],
    ['/status/500', 'Something went wrong'],
    ['/status/maintenance', 'Down for maintenance'],
    ['/status/coming-soon', 'Coming soon'],
  ])('%s shows its status page', async (path, heading) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  });

  it('opens the public shared pages without signing in (a link without its token shows the expired message)', async () => {
    renderApp('/public/ward/share/12');
    expect(
      await screen.findByRole('heading', { name: 'This link has expired or was revoked.' }),
    ).toBeInTheDocument();
  });

  it('opens a report on its page', async () => {
    renderApp('/reports/d2d-collection');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'D2D Collection' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('renders the terms of use in English and in Hindi', async () => {
    const user = userEvent.setup();
    renderApp('/public/term-of-use');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of use' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '13. Governing law and disputes' })).toBeInTheDocument();
    expect(
      screen.getByText(/CivicFleet Technologies Pvt Ltd, CivicFleet Technologies, 4th Floor/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change language' }));
    await user.click(await screen.findByRole('menuitem', { name: 'हिन्दी' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'उपयोग की शर्तें' })).toBeInTheDocument();
  });

  it('renders the privacy policy with the DPDP Act', async () => {
    renderApp('/public/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeInTheDocument();
    expect(screen.getAllByText(/Digital Personal Data Protection Act, 2023/).length).toBeGreaterThan(0);
  });
});
