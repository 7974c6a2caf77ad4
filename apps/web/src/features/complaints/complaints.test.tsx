import type { Complaint, ComplaintDetail, ComplaintEvidence } from '@civicfleet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';

const NOW = new Date('2026-11-25T08:30:00.000Z');
const HOUR = 3_600_000;
const at = (hoursFromNow: number) => new Date(NOW.getTime() + hoursFromNow * HOUR).toISOString();
const INDORE = { id: '4', tradeName: 'Indore Municipal Corporation', brandName: 'IMC' };

const base: Complaint = {
  id: '7',
  organisation: { id: INDORE.id, name: INDORE.tradeName },
  category: 'garbage-not-collected',
  description: 'Garbage heap at the temple gate',
  status: 'open',
  ward: { id: '15', name: 'Ward 15 Sarafa' },
  lat: 22.7186,
  lon: 75.8553,
  address: null,
  photos: [],
  citizenName: 'Sunita Jain',
  citizenPhone: '+919826012345',
  slaHours: 12,
  dueAt: at(3),
  overdue: false,
  assignedStaff: null,
  assignedAt: null,
  resolvedAt: null,
  resolvedBy: null,
  resolvedLate: null,
  reopenCount: 0,
  createdBy: { id: '2', name: 'Rakesh Verma' },
  createdAt: at(-9),
  updatedAt: at(-9),
};
const late: Complaint = { ...base, id: '8', category: 'dead-animal', dueAt: at(-2), overdue: true };
const detail: ComplaintDetail = {
  ...base,
  resolutionNote: null,
  resolutionPhotos: [],
  evidence: null,
  timeline: [
    {
      id: '1',
      action: 'raise',
      at: at(-9),
      user: { id: '2', name: 'Rakesh Verma' },
      note: null,
      attrs: null,
    },
  ],
};
const noVehicle: ComplaintEvidence = {
  lat: base.lat,
  lon: base.lon,
  radiusM: 100,
  from: at(-9),
  to: NOW.toISOString(),
  computedAt: NOW.toISOString(),
  anyVehiclePassed: false,
  vehicles: [],
};

const admin = {
  roleName: 'ADMIN',
  permissions: [
    'complaint',
    'complaint:add-complaint',
    'complaint:edit-complaint-result-table',
    'complaint:assign-complaint',
    'complaint:resolve-complaint',
    'complaint:reopen-complaint',
  ],
  user: { organisation: INDORE },
};
const page = <T,>(items: T[]) => ok({ items, total: items.length, page: 1, pageSize: 10 });

describe('complaints', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists complaints with their SLA countdown and filters by status chip in the URL', async () => {
    const user = userEvent.setup();
    const network = stubFetch({ 'GET /complaint': page([base, late]) });
    const { router } = renderApp('/swm/complaint', admin);
    expect(await screen.findByRole('heading', { name: 'Complaints' })).toBeInTheDocument();
    const dueRow = (await screen.findByRole('link', { name: '#7' })).closest('tr');
    const lateRow = screen.getByRole('link', { name: '#8' }).closest('tr');
    if (!dueRow || !lateRow) throw new Error('no rows');
    expect(within(dueRow).getByText('due in 3 h')).toBeInTheDocument();
    expect(within(lateRow).getByText('overdue by 2 h')).toBeInTheDocument();

    await user.click(
      within(screen.getByRole('group', { name: 'Status' })).getByRole('button', { name: 'Resolved' }),
    );
    await waitFor(() => expect(router.state.location.search).toContain('status=resolved'));
    await waitFor(() =>
      expect(network.callsTo('GET /complaint').at(-1)?.query.get('status')).toBe('resolved'),
    );
    await user.click(screen.getByLabelText('Overdue only'));
    await waitFor(() => expect(network.callsTo('GET /complaint').at(-1)?.query.get('overdue')).toBe('true'));
  });

  it('shows the GPS evidence before resolving and warns when no vehicle passed', async () => {
    const user = userEvent.setup();
    const resolved: ComplaintDetail = {
      ...detail,
      status: 'resolved',
      resolvedAt: NOW.toISOString(),
      resolvedLate: false,
      resolutionNote: 'Cleared',
      evidence: noVehicle,
    };
    const network = stubFetch({
      'GET /complaint/7': ok(detail),
      'GET /complaint/7/evidence': ok(noVehicle),
      'POST /complaint/7/resolve': ok(resolved, 'Complaint resolved. No vehicle passed'),
    });
    renderApp('/swm/complaint/edit/7', admin);
    expect(await screen.findByRole('heading', { name: 'Complaint #7' })).toBeInTheDocument();
    expect(screen.getByText('Ward 15 Sarafa')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve complaint #7' });
    expect(await within(dialog).findByText('No vehicle passed')).toBeInTheDocument();
    const submit = within(dialog).getByRole('button', { name: 'Resolve' });
    expect(submit).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: /close it without GPS evidence/ }));
    await user.click(submit);
    expect(
      await within(dialog).findByText('A resolution note is required to resolve the complaint'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Resolution note' }), 'Cleared');
    await user.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(network.callsTo('POST /complaint/7/resolve')[0]?.body).toEqual({
      note: 'Cleared',
      photos: [],
      radiusM: 100,
    });
    expect(await screen.findByTestId('closure-warning')).toHaveTextContent('No vehicle passed');
    expect(screen.getByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign' })).not.toBeInTheDocument();
  });

  it('assigns by staff number when the staff list is not available', async () => {
    const user = userEvent.setup();
    const assigned: ComplaintDetail = {
      ...detail,
      status: 'assigned',
      assignedStaff: { id: '31', name: 'Ravi Solanki' },
      assignedAt: NOW.toISOString(),
    };
    const network = stubFetch({
      'GET /complaint/7': ok(detail),
      'GET /staff': fail(403, 'You do not have permission to do this.'),
      'POST /complaint/7/assign': ok(assigned),
    });
    renderApp('/swm/complaint/edit/7', admin);
    await user.click(await screen.findByRole('button', { name: 'Assign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign complaint #7' });
    await user.type(await within(dialog).findByRole('textbox', { name: 'Staff number' }), '31');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(network.callsTo('POST /complaint/7/assign')[0]?.body).toEqual({ staffId: '31' });
    expect(await screen.findByText(/Ravi Solanki/)).toBeInTheDocument();
  });
});
