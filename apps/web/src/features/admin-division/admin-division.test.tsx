import type { AdminDivision } from '@civicfleet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fail, ok, stubFetch, type RecordedCall } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';

const division = (
  id: string,
  type: AdminDivision['type'],
  name: string,
  parentId: string | null,
  code: string | null = null,
): AdminDivision => ({ id, organisationId: '7', type, name, code, parentId });

const TREE = [
  division('1', 'ZONE', 'Zone 3', null, 'Z3'),
  division('2', 'ZONE', 'Zone 7', null, 'Z7'),
  division('11', 'CIRCLE', 'Circle 5 Rajwada', '1'),
  division('12', 'CIRCLE', 'Circle 9 Vijay Nagar', '2'),
  division('21', 'WARD', 'Ward 12 Palasia', '11', 'W12'),
  division('22', 'WARD', 'Ward 40 Scheme 54', '12', 'W40'),
];

/** GET /admin-divisions as the server answers it: type, then parentCircle over parentZone. */
function listLike(call: RecordedCall) {
  const type = call.query.get('type');
  const zone = call.query.get('parentZone');
  const circle = call.query.get('parentCircle');
  let parents: string[] | undefined;
  if (circle) parents = [circle];
  else if (zone)
    parents =
      type === 'WARD'
        ? TREE.filter((d) => d.type === 'CIRCLE' && d.parentId === zone).map((d) => d.id)
        : [zone];
  return ok(
    TREE.filter((d) => (!type || d.type === type) && (!parents || parents.includes(d.parentId ?? ''))),
  );
}

const ALL = [
  'admin-division',
  'admin-division:add-admin-division',
  'admin-division:edit-admin-division-result-table',
  'admin-division:delete-admin-division-result-table',
];
const manager = {
  roleName: 'ADMIN',
  permissions: ALL,
  user: { id: '1', organisation: { id: '7', tradeName: 'Indore Municipal Corporation', brandName: 'IMC' } },
};

const SQUARE = {
  type: 'Polygon',
  coordinates: [
    [
      [75.85, 22.71],
      [75.86, 22.71],
      [75.86, 22.72],
      [75.85, 22.72],
      [75.85, 22.71],
    ],
  ],
};

const rowOf = async (text: string) => {
  const row = (await screen.findByRole('button', { name: text })).closest('tr');
  if (!row) throw new Error('no row');
  return row;
};

/** The add test fills the form like a user; on a loaded machine it can outlast the default 20 s. */
const FORM_TEST_TIMEOUT_MS = 60_000;

describe('admin divisions', () => {
  // The pages' first import (MUI, the map field, the form) is compiled once here, not inside a test's time limit.
  beforeAll(() => import('.'), 60_000);

  it('lists divisions with type and parent, filters by type and parent, and hides actions without permission', async () => {
    const user = userEvent.setup();
    const network = stubFetch({ 'GET /admin-divisions': listLike });
    renderApp('/management/admin-division', { roleName: 'ADMIN', permissions: ['admin-division'] });
    expect(await screen.findByRole('heading', { name: 'Admin divisions' })).toBeInTheDocument();
    const ward = await rowOf('Ward 12 Palasia');
    expect(within(ward).getByText('Ward')).toBeInTheDocument();
    expect(within(ward).getByText('W12')).toBeInTheDocument();
    expect(within(ward).getByText('Circle 5 Rajwada')).toBeInTheDocument();
    expect(within(await rowOf('Zone 3')).getByText('Zone')).toBeInTheDocument();
    // Without WebGL the map says so instead of drawing (and fetches no polygons).
    expect(screen.getByRole('status', { name: 'Map of the listed divisions' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add division' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for Zone 3' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Wards' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Zone 3' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Ward 40 Scheme 54' })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Zone' }));
    await user.click(await screen.findByRole('option', { name: 'Zone 7' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Ward 12 Palasia' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Ward 40 Scheme 54' })).toBeInTheDocument();
    const wardsOfZone = network
      .callsTo('GET /admin-divisions')
      .find((c) => c.query.get('type') === 'WARD' && c.query.get('parentZone') === '2');
    expect(wardsOfZone).toBeDefined();

    // The circle filter offers the circles of the chosen zone only (parentZone), then filters by parentCircle.
    await user.click(screen.getByRole('combobox', { name: 'Circle' }));
    expect(await screen.findByRole('option', { name: 'Circle 9 Vijay Nagar' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Circle 5 Rajwada' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Circle 9 Vijay Nagar' }));
    await waitFor(() =>
      expect(network.callsTo('GET /admin-divisions').some((c) => c.query.get('parentCircle') === '12')).toBe(
        true,
      ),
    );
  });

  it(
    'adds a ward: dependent parent choices, validation, server field errors, then back to the list',
    async () => {
      const user = userEvent.setup();
      const wrongParent = 'The parent of a ward must be a circle of the same organisation';
      const created = { ...division('23', 'WARD', 'Ward 85 Nipania', '12', 'W85'), geometry: SQUARE };
      const network = stubFetch({
        'GET /admin-divisions': listLike,
        'POST /admin-divisions': [fail(400, wrongParent, { parentId: wrongParent }), ok(created)],
      });
      renderApp('/management/admin-division/add?type=WARD', manager);
      const submit = await screen.findByRole('button', { name: 'Add division' });
      await user.click(submit);
      expect(await screen.findByText('The name is required')).toBeInTheDocument();
      expect(screen.getByText('Choose the circle of this ward')).toBeInTheDocument();

      await user.type(screen.getByLabelText(/^Name/), 'Ward 85 Nipania');
      await user.type(screen.getByLabelText(/^Code/), 'W85');
      // Any zone: every circle; a zone chosen: only its circles (GET ?type=CIRCLE&parentZone=).
      await user.click(screen.getByRole('combobox', { name: /^Circle/ }));
      expect(await screen.findByRole('option', { name: 'Circle 5 Rajwada' })).toBeInTheDocument();
      await user.keyboard('{Escape}');
      await user.click(screen.getByRole('combobox', { name: /^Zone/ }));
      await user.click(await screen.findByRole('option', { name: 'Zone 7' }));
      await user.click(screen.getByRole('combobox', { name: /^Circle/ }));
      expect(await screen.findByRole('option', { name: 'Circle 9 Vijay Nagar' })).toBeInTheDocument();
      expect(screen.queryByRole('option', { name: 'Circle 5 Rajwada' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('option', { name: 'Circle 9 Vijay Nagar' }));
      expect(
        network
          .callsTo('GET /admin-divisions')
          .some((c) => c.query.get('type') === 'CIRCLE' && c.query.get('parentZone') === '2'),
      ).toBe(true);

      await user.click(screen.getByRole('button', { name: 'Edit as GeoJSON' }));
      await user.click(screen.getByRole('textbox', { name: 'GeoJSON' }));
      await user.paste(JSON.stringify(SQUARE));
      await user.click(screen.getByRole('button', { name: 'Apply' }));
      expect(screen.getByText('Polygon, 4 corners')).toBeInTheDocument();

      await user.click(submit);
      expect(await screen.findAllByText(wrongParent)).not.toHaveLength(0);
      expect(network.callsTo('POST /admin-divisions')[0]?.body).toEqual({
        type: 'WARD',
        name: 'Ward 85 Nipania',
        code: 'W85',
        parentId: '12',
        geometry: SQUARE,
      });
      await user.click(submit);
      expect(await screen.findByText('Admin division created')).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: 'Admin divisions' })).toBeInTheDocument();
    },
    FORM_TEST_TIMEOUT_MS,
  );

  it('edits a circle: its zone preselected, the type fixed, a MultiPolygon shown as such', async () => {
    const user = userEvent.setup();
    const multi = {
      type: 'MultiPolygon',
      coordinates: [
        SQUARE.coordinates,
        SQUARE.coordinates.map((r) => r.map(([x = 0, y = 0]) => [x + 0.1, y])),
      ],
    };
    const circle = { ...division('11', 'CIRCLE', 'Circle 5 Rajwada', '1'), geometry: multi };
    const network = stubFetch({
      'GET /admin-divisions': listLike,
      'GET /admin-divisions/11': ok(circle),
      'PUT /admin-divisions/11': ok(circle),
    });
    renderApp('/management/admin-division/edit/11', manager);
    expect(await screen.findByDisplayValue('Circle 5 Rajwada')).toBeInTheDocument();
    expect(screen.getByText('Multi-polygon, 2 parts')).toBeInTheDocument();
    expect(screen.getByText(/cannot be edited corner by corner/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Type/ })).toHaveAttribute('aria-disabled', 'true');
    expect(await screen.findByRole('combobox', { name: /^Zone/ })).toHaveTextContent('Zone 3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Admin division updated')).toBeInTheDocument();
    expect(network.callsTo('PUT /admin-divisions/11')[0]?.body).toEqual({
      name: 'Circle 5 Rajwada',
      code: null,
      parentId: '1',
      geometry: multi,
    });
  });

  it('imports a GeoJSON file and shows the result of each feature', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /admin-divisions': listLike,
      'POST /admin-divisions/import': [
        fail(400, 'The GeoJSON must be a FeatureCollection', {
          content: 'The GeoJSON must be a FeatureCollection',
        }),
        ok({
          created: 1,
          failed: 1,
          features: [
            { index: 0, name: 'Ward 90', id: '90', error: null },
            {
              index: 1,
              name: 'Ward 91',
              id: null,
              error: 'The parent of a ward must be a circle of the same organisation',
            },
          ],
        }),
      ],
    });
    renderApp('/management/admin-division', manager);
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Import divisions from GeoJSON or KML' }),
    );
    const content = JSON.stringify({ type: 'FeatureCollection', features: [] });
    await user.upload(
      screen.getByTestId('division-import-file'),
      new File([content], 'wards.geojson', { type: 'application/geo+json' }),
    );
    expect(await dialog.findByText('wards.geojson')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Import' }));
    expect(await dialog.findByText('The GeoJSON must be a FeatureCollection')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Import' }));
    expect(await dialog.findByText('1 created, 1 failed')).toBeInTheDocument();
    const results = within(dialog.getByRole('list', { name: 'Result per feature' }));
    expect(results.getByText('#1 Ward 90')).toBeInTheDocument();
    expect(results.getByText('Created')).toBeInTheDocument();
    expect(results.getByText('#2 Ward 91')).toBeInTheDocument();
    expect(
      results.getByText('The parent of a ward must be a circle of the same organisation'),
    ).toBeInTheDocument();
    expect(network.callsTo('POST /admin-divisions/import')[1]?.body).toEqual({ format: 'geojson', content });
  });

  it('deletes a division after the confirmation', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /admin-divisions': listLike,
      'DELETE /admin-divisions/21': ok(null),
    });
    renderApp('/management/admin-division', manager);
    await rowOf('Ward 12 Palasia');
    expect(screen.getByRole('link', { name: 'Add division' })).toHaveAttribute(
      'href',
      '/management/admin-division/add',
    );
    await user.click(screen.getByRole('button', { name: 'Actions for Ward 12 Palasia' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('dialog'));
    expect(confirm.getByText('Do you really want to delete this product?')).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: /delete/i }));
    await waitFor(() => expect(network.callsTo('DELETE /admin-divisions/21')).toHaveLength(1));
  });
});
