import type { Organisation } from '@civicfleet/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/api/query-client';
import { ok, stubFetch, type RecordedCall } from '@/api/testing/fetch-stub';
import { FormHarness } from './form/test-harness';
import { OrganisationPicker } from './OrganisationPicker';

const org = (id: string, tradeName: string, brandName: string | null = null): Organisation => ({
  id,
  parentId: null,
  kind: 'MUNICIPAL',
  tradeName,
  brandName,
  contact: null,
  email: null,
  address: { country: 'India', landmark: '', pin: '', city: '', state: '' },
  logo: null,
  gst: null,
  isOnboarded: true,
  deleted: false,
  createdAt: '2026-01-01T00:00:00.000Z',
});

const ALL = [
  org('7', 'Indore Municipal Corporation', 'IMC'),
  org('8', 'Palasia Ward'),
  org('9', 'Vijay Nagar Ward'),
];

/** GET /organisation answering the server search: trade or brand name contains `search`. */
function organisations(call: RecordedCall) {
  const search = (call.query.get('search') ?? '').toLowerCase();
  const items = ALL.filter((o) => `${o.tradeName} ${o.brandName ?? ''}`.toLowerCase().includes(search));
  return ok({ items, total: items.length, page: 1, pageSize: 100 });
}

interface Values {
  organisationId: string;
}

function renderPicker(props: { excludeId?: string; initial?: { id: string; label: string } } = {}) {
  const onSubmit = vi.fn<(values: Values) => void>();
  render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <FormHarness<Values> defaultValues={{ organisationId: props.initial?.id ?? '' }} onSubmit={onSubmit}>
        {(control) => (
          <OrganisationPicker
            control={control}
            name="organisationId"
            label="Organisation"
            initial={props.initial}
            excludeId={props.excludeId}
          />
        )}
      </FormHarness>
    </QueryClientProvider>,
  );
  return onSubmit;
}

describe('OrganisationPicker', () => {
  it('searches the caller’s organisations on the server and binds the picked id to the field', async () => {
    const user = userEvent.setup();
    const network = stubFetch({ 'GET /organisation': organisations });
    const onSubmit = renderPicker({ initial: { id: '7', label: 'Indore Municipal Corporation (IMC)' } });
    const input = screen.getByRole('combobox', { name: /^Organisation/ });
    expect(input).toHaveValue('Indore Municipal Corporation (IMC)');

    await user.click(input);
    expect(await screen.findByRole('option', { name: 'Vijay Nagar Ward' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Indore Municipal Corporation (IMC)' })).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, 'palasia');
    // Searched on the server once typing settles, not once per keystroke (8 requests without the debounce).
    const searches = () => network.callsTo('GET /organisation').map((c) => c.query.get('search'));
    await waitFor(() => expect(searches().at(-1)).toBe('palasia'));
    expect(searches().length).toBeLessThan(1 + 'palasia'.length);
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Palasia Ward']),
    );
    expect(network.callsTo('GET /organisation')[1]?.query.get('pageSize')).toBe('100');

    await user.click(screen.getByRole('option', { name: 'Palasia Ward' }));
    expect(input).toHaveValue('Palasia Ward');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ organisationId: '8' });
  });

  it('leaves the excluded organisation out of the options', async () => {
    const user = userEvent.setup();
    stubFetch({ 'GET /organisation': organisations });
    renderPicker({ excludeId: '9' });
    await user.click(screen.getByRole('combobox', { name: /^Organisation/ }));
    expect(await screen.findByRole('option', { name: 'Palasia Ward' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Vijay Nagar Ward' })).not.toBeInTheDocument();
  });
});
