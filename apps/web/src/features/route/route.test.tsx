import type { Poi, Route } from '@civicfleet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';

const LINE = {
  type: 'LineString',
  coordinates: [
    [75.85, 22.71],
    [75.86, 22.72],
    [75.87, 22.72],
  ],
};

const palasia: Route = {
  id: '41',
  organisationId: '7',
  name: 'Palasia morning round',
  path: LINE,
  corridorM: 60,
  checkpoints: [{ name: 'Depot', lat: 22.71, lon: 75.85, poiId: null }],
  vehicleIds: ['31'],
  createdAt: '2026-11-20T04:30:00.000Z',
  updatedAt: '2026-11-20T04:30:00.000Z',
};

const dumpYard: Poi = {
  id: '9',
  organisationId: '7',
  name: 'Devguradia dump yard',
  kind: 'dump-yard',
  lat: 22.65,
  lon: 75.9,
  radiusM: 100,
  address: null,
  wardId: null,
  geofenceId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const page = <T,>(items: T[]) => ok({ items, total: items.length, page: 1, pageSize: 25 });
const vehicle = (id: string, registrationNumber: string) => ({
  id,
  organisation: { id: '7', tradeName: 'Indore Municipal Corporation', brandName: 'IMC' },
  category: null,
  registrationNumber,
  engineNo: null,
  chassisNo: null,
  rto: null,
  rtoCode: null,
  make: null,
  model: null,
  regDate: null,
  rcImages: [],
  kind: null,
  type: null,
  groupId: null,
  zoneId: null,
  circleId: null,
  wardId: null,
  ownerUserId: null,
  isTrackingActivated: true,
  speedLimitKph: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  device: null,
});

const ALL = [
  'route',
  'route:add-route',
  'route:edit-route-result-table',
  'route:delete-route-result-table',
  'route:add-kml',
  'poi',
  'vehicle',
];
const manager = {
  roleName: 'ADMIN',
  permissions: ALL,
  user: { id: '1', organisation: { id: '7', tradeName: 'Indore Municipal Corporation', brandName: 'IMC' } },
};

/** The add-route tests fill a long form like a user; on a loaded machine they outlast the default 20 s. */
const FORM_TEST_TIMEOUT_MS = 60_000;

describe('routes', () => {
  // The pages' first import (MUI, the map field, the form) is compiled once here, not inside a test's time limit.
  beforeAll(() => import('.'), 60_000);

  it('lists routes with their counts and shows only the permitted actions', async () => {
    const network = stubFetch({ 'GET /route': page([palasia]) });
    renderApp('/management/route', {
      roleName: 'ADMIN',
      permissions: ['route', 'route:add-kml'],
    });
    expect(await screen.findByRole('heading', { name: 'Routes' })).toBeInTheDocument();
    const row = (await screen.findByText('Palasia morning round')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('60')).toBeInTheDocument();
    expect(within(row).getByText('20/11/2026 10:00:00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Import KML' })).toHaveAttribute(
      'href',
      '/management/route/add-kml',
    );
    expect(screen.queryByRole('link', { name: 'Add route' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Actions for Palasia morning round' }),
    ).not.toBeInTheDocument();
    expect(network.callsTo('GET /route')[0]?.query.get('pageSize')).toBe('10');
  });

  /** Types by pasting: the form rules are what is under test, not the keyboard. */
  const fill = async (user: ReturnType<typeof userEvent.setup>, label: RegExp, text: string) => {
    const field = screen.getByLabelText(label);
    await user.clear(field);
    await user.click(field);
    await user.paste(text);
  };
  const pastePath = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(screen.getByRole('button', { name: 'Edit as GeoJSON' }));
    await user.click(screen.getByRole('textbox', { name: 'GeoJSON' }));
    await user.paste(JSON.stringify(LINE));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText('Line, 3 points')).toBeInTheDocument();
  };

  it(
    'validates the route, takes checkpoints typed or from a POI, reorders them and maps server errors',
    async () => {
      const user = userEvent.setup();
      const badLat = 'The latitude must be inside India';
      const network = stubFetch({
        'GET /poi': page([dumpYard]),
        'POST /route': fail(400, badLat, { 'checkpoints.1.lat': badLat }),
      });
      renderApp('/management/route/add', manager);
      const submit = await screen.findByRole('button', { name: 'Add route' });
      await user.click(submit);
      expect(await screen.findByText('The name is required')).toBeInTheDocument();
      expect(screen.getByText('Draw the route on the map or paste it as GeoJSON')).toBeInTheDocument();

      await fill(user, /^Name/, 'Nipania evening round');
      await fill(user, /^Corridor width/, '3');
      await pastePath(user);
      await user.click(screen.getByRole('button', { name: 'Add checkpoint' }));
      await user.click(screen.getByRole('button', { name: 'Add checkpoint' }));
      await user.click(submit);
      expect(await screen.findByText('The corridor width must be 5 to 2,000 metres')).toBeInTheDocument();
      expect(screen.getAllByText('Each checkpoint needs a name')).toHaveLength(2);
      expect(network.callsTo('POST /route')).toHaveLength(0);

      // Checkpoint 1 typed; checkpoint 2 from a POI; then the POI moved first.
      await fill(user, /^Corridor width/, '75');
      await fill(user, /^Name of checkpoint 1/, 'Depot');
      await fill(user, /^Latitude of checkpoint 1/, '22.71');
      await fill(user, /^Longitude of checkpoint 1/, '75.85');
      await user.click(screen.getByRole('combobox', { name: 'POI of checkpoint 2' }));
      await user.click(await screen.findByRole('option', { name: 'Devguradia dump yard' }));
      expect(screen.getByLabelText(/^Name of checkpoint 2/)).toHaveValue('Devguradia dump yard');
      expect(screen.getByLabelText(/^Latitude of checkpoint 2/)).toHaveValue('22.65');
      await user.click(screen.getByRole('button', { name: 'Move checkpoint 2 up' }));
      expect(screen.getByLabelText(/^Name of checkpoint 1/)).toHaveValue('Devguradia dump yard');
      expect(screen.getByLabelText(/^Name of checkpoint 2/)).toHaveValue('Depot');

      await user.click(submit);
      await waitFor(() => expect(network.callsTo('POST /route')).toHaveLength(1));
      expect(await screen.findAllByText(badLat)).not.toHaveLength(0);
      expect(screen.getByLabelText(/^Latitude of checkpoint 2/)).toHaveAccessibleDescription(badLat);
      expect(network.callsTo('POST /route')[0]?.body).toEqual({
        name: 'Nipania evening round',
        corridorM: 75,
        path: LINE,
        checkpoints: [
          { name: 'Devguradia dump yard', lat: 22.65, lon: 75.9, poiId: '9' },
          { name: 'Depot', lat: 22.71, lon: 75.85, poiId: null },
        ],
      });
    },
    FORM_TEST_TIMEOUT_MS,
  );

  it(
    'creates a route, assigns its vehicles and returns to the list',
    async () => {
      const user = userEvent.setup();
      const saved: Route = { ...palasia, id: '42', vehicleIds: [] };
      const network = stubFetch({
        'GET /vehicle': page([vehicle('31', 'MP09AB1234')]),
        'POST /route': ok(saved),
        'PUT /route/42/vehicles': ok({ ...saved, vehicleIds: ['31'] }),
        'GET /route': page([saved]),
      });
      renderApp('/management/route/add', manager);
      const submit = await screen.findByRole('button', { name: 'Add route' });
      await fill(user, /^Name/, 'Palasia morning round');
      await pastePath(user);
      await user.click(screen.getByRole('combobox', { name: 'Vehicles on this route' }));
      await user.click(await screen.findByRole('option', { name: 'MP09AB1234' }));
      await user.click(submit);
      expect(await screen.findByText('Route created')).toBeInTheDocument();
      expect(network.callsTo('POST /route')[0]?.body).toMatchObject({ corridorM: 50, checkpoints: [] });
      expect(network.callsTo('PUT /route/42/vehicles')[0]?.body).toEqual({ vehicleIds: ['31'] });
      expect(await screen.findByRole('heading', { name: 'Routes' })).toBeInTheDocument();
    },
    FORM_TEST_TIMEOUT_MS,
  );

  it('edits a route: loads it with its vehicles, removes a checkpoint, saves without touching vehicles', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /route/41': ok(palasia),
      'GET /vehicle/31': ok(vehicle('31', 'MP09AB1234')),
      'PUT /route/41': ok({ ...palasia, checkpoints: [] }),
      'GET /route': page([palasia]),
    });
    renderApp('/management/route/edit/41', manager);
    expect(await screen.findByDisplayValue('Palasia morning round')).toBeInTheDocument();
    expect(screen.getByText('Line, 3 points')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'MP09AB1234' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove checkpoint 1' }));
    expect(screen.getByText('No checkpoints yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Route updated')).toBeInTheDocument();
    expect(network.callsTo('PUT /route/41')[0]?.body).toMatchObject({ corridorM: 60, checkpoints: [] });
    expect(network.callsTo('PUT /route/41/vehicles')).toHaveLength(0);
  });

  it('imports a KML file, shows the server error or the result, and opens the new route', async () => {
    const user = userEvent.setup();
    const noLine = 'The KML has no LineString to use as the route';
    const imported: Route = { ...palasia, id: '43', name: 'Vijay Nagar loop', vehicleIds: [] };
    const network = stubFetch({
      'POST /route/kml': [fail(400, noLine, { content: noLine }), ok(imported)],
      'GET /route/43': ok(imported),
    });
    const { router } = renderApp('/management/route/add-kml', manager);
    const submit = await screen.findByRole('button', { name: 'Import route' });
    await user.click(submit);
    expect(await screen.findByText('Choose a KML file')).toBeInTheDocument();
    const kml = '<kml><Placemark><name>Vijay Nagar loop</name></Placemark></kml>';
    await user.upload(
      screen.getByTestId('route-kml-file'),
      new File([kml], 'loop.kml', { type: 'application/vnd.google-earth.kml+xml' }),
    );
    expect(await screen.findByText('loop.kml')).toBeInTheDocument();
    await user.click(submit);
    expect(await screen.findAllByText(noLine)).not.toHaveLength(0);
    await user.type(screen.getByLabelText(/^Name/), 'Vijay Nagar loop');
    await user.click(submit);
    expect(
      await screen.findByText('Route Vijay Nagar loop imported: 3 points, 1 checkpoints'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/management/route/edit/43'));
    expect(network.callsTo('POST /route/kml')[1]?.body).toEqual({
      content: kml,
      corridorM: 50,
      name: 'Vijay Nagar loop',
    });
  });

  it('keeps the KML page from sessions without add-kml', async () => {
    stubFetch({});
    renderApp('/management/route/add-kml', { roleName: 'ADMIN', permissions: ['route', 'route:add-route'] });
    expect(await screen.findByText('You do not have access to this page')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import route' })).not.toBeInTheDocument();
  });
});
