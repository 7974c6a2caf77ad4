import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { ADMIN, shoot, signIn } from './support.ts';

/** Screenshots people look at while the map components are new (see the task report). */
const SHOTS = '/tmp/shots';

interface StoredFence {
  id: string;
  name: string;
  geometry: { type: string; coordinates: unknown };
  radiusM: number | null;
  vehicleIds: string[];
}

/** The API as the signed-in page sees it: the session's bearer token from localStorage. */
async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => {
    const raw = window.localStorage.getItem('cf.session.accessToken');
    return raw ? (JSON.parse(raw) as { token: string }).token : '';
  });
  const response = await page.request.get(`/v1${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

async function fenceNamed(page: Page, name: string): Promise<StoredFence> {
  const list = await api<{ items: StoredFence[] }>(page, `/geofence?search=${encodeURIComponent(name)}`);
  const fence = list.items.find((f) => f.name === name);
  if (!fence) throw new Error(`No fence named ${name}`);
  return fence;
}

/** A screenshot under SHOTS once MUI's label and menu transitions have settled. */
async function snap(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** The MapLibre canvas of the form's map, once Terra Draw is ready (its Draw button enabled). */
async function mapCanvas(page: Page) {
  const region = page.getByRole('region', { name: 'Area' });
  const canvas = region.locator('canvas.maplibregl-canvas');
  await expect(canvas).toBeVisible();
  await expect(region.getByRole('button', { name: 'Draw area' })).toBeEnabled();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('The map canvas has no box');
  return { region, box };
}

// Tall enough for the whole form: the screenshots show it without scrolling (the shell's header is sticky).
test.use({ viewport: { width: 1280, height: 1400 } });

test('a geofence drawn on the map is saved as a closed polygon, a circle from GeoJSON, then assigned', async ({
  page,
}) => {
  // Two maps (WebGL in software), two saves and an assignment: about 40 s on a quiet 2-core machine.
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  page.on('pageerror', (error) => console.log('PAGE ERROR', error.message, error.stack));
  page.on('console', (m) => {
    if (m.type() === 'error') console.log('CONSOLE', m.text().slice(0, 1500));
  });
  const suffix = String(Date.now()).slice(-5);
  const polygonName = `E2E yard ${suffix}`;
  const circleName = `E2E circle ${suffix}`;
  await signIn(page, ADMIN, '/management/geofence/add');
  await expect(page.getByRole('heading', { name: 'Add geofence' })).toBeVisible();

  // Draw a square-ish polygon around the middle of the map: four corners, then click the first one again.
  const { region, box } = await mapCanvas(page);
  await region.getByRole('button', { name: 'Draw area' }).click();
  await expect(region.getByText(/Click on the map to add corners/)).toBeVisible();
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const corners: Array<[number, number]> = [
    [cx - 90, cy - 70],
    [cx + 100, cy - 60],
    [cx + 80, cy + 80],
    [cx - 70, cy + 70],
  ];
  for (const [x, y] of corners) {
    await page.mouse.move(x, y, { steps: 4 });
    await page.mouse.click(x, y);
  }
  const [firstX, firstY] = corners[0] ?? [cx, cy];
  await page.mouse.move(firstX, firstY, { steps: 4 });
  await page.mouse.click(firstX, firstY);
  await expect(page.getByText('Polygon, 4 corners')).toBeVisible();
  await expect(region.getByRole('button', { name: 'Redraw area' })).toBeVisible();

  // The finished shape is selected: dragging the midpoint of the first side adds a fifth corner.
  const [secondX, secondY] = corners[1] ?? [cx, cy];
  await page.mouse.move((firstX + secondX) / 2, (firstY + secondY) / 2, { steps: 4 });
  await page.mouse.down();
  await page.mouse.move((firstX + secondX) / 2, firstY - 40, { steps: 8 });
  await page.mouse.up();
  await expect(page.getByText('Polygon, 5 corners')).toBeVisible();

  await page.getByLabel('Name').fill(polygonName);
  await page.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Dump yard' }).click();
  await expect(page.locator('.MuiPopover-root')).toHaveCount(0);
  await page.getByLabel('Dwell time').fill('120');
  await snap(page, 'geofence-form-polygon');
  await page.getByRole('button', { name: 'Add geofence' }).click();
  await expect(page.getByText('Geofence created')).toBeVisible();
  await expect(page).toHaveURL(/\/management\/geofence$/);

  // The list searches on the server.
  await page.getByRole('searchbox', { name: 'Search' }).fill(polygonName);
  const row = page.getByRole('row', { name: new RegExp(polygonName) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Polygon')).toBeVisible();
  await expect(row.getByText('All vehicles')).toBeVisible();
  await expect(row.getByText('120 seconds')).toBeVisible();

  // Stored as a closed ring of 5 corners + the closing position, inside India.
  const stored = await fenceNamed(page, polygonName);
  expect(stored.geometry.type).toBe('Polygon');
  const ring = (stored.geometry.coordinates as number[][][])[0] ?? [];
  expect(ring).toHaveLength(6);
  expect(ring[0]).toEqual(ring[5]);
  for (const [lon = 0, lat = 0] of ring) {
    expect(lon).toBeGreaterThan(68);
    expect(lon).toBeLessThan(98);
    expect(lat).toBeGreaterThan(6);
    expect(lat).toBeLessThan(38);
  }

  // Edit shows the same shape.
  await row.getByRole('button', { name: `Actions for ${polygonName}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit geofence' })).toBeVisible();
  await expect(page.getByText('Polygon, 5 corners')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue(polygonName);
  await mapCanvas(page);
  await snap(page, 'geofence-edit-polygon');
  await page.getByRole('link', { name: 'Cancel' }).click();

  // A circle fence typed as GeoJSON.
  await page.getByRole('link', { name: 'Add geofence' }).click();
  await page.getByRole('radio', { name: 'Circle' }).check();
  await page.getByRole('button', { name: 'Edit as GeoJSON' }).click();
  await page
    .getByRole('textbox', { name: 'GeoJSON' })
    .fill('{"type":"Point","coordinates":[75.8577,22.7196]}');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Point 22.719600, 75.857700')).toBeVisible();
  await page.getByLabel('Radius').fill('300');
  await page.getByLabel('Name').fill(circleName);
  await snap(page, 'geofence-form-circle');
  await page.getByRole('button', { name: 'Add geofence' }).click();
  // Saved: back on the list with a new toast (the polygon's may still be showing: the newest is the last).
  await expect(page).toHaveURL(/\/management\/geofence$/);
  await expect(page.getByText('Geofence created').last()).toBeVisible();
  const circle = await fenceNamed(page, circleName);
  expect(circle.geometry).toEqual({ type: 'Point', coordinates: [75.8577, 22.7196] });
  expect(circle.radiusM).toBe(300);

  // Assign the circle to one vehicle, found by the server search.
  await page.getByRole('searchbox', { name: 'Search' }).fill(circleName);
  const circleRow = page.getByRole('row', { name: new RegExp(circleName) });
  await expect(circleRow.getByText('300 m')).toBeVisible();
  await circleRow.getByRole('button', { name: `Actions for ${circleName}` }).click();
  await page.getByRole('menuitem', { name: 'Assign vehicles' }).click();
  const dialog = page.getByRole('dialog', { name: `Vehicles of ${circleName}` });
  await expect(dialog.getByText(/applies to all vehicles of its organisation/)).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Vehicles' }).click();
  const option = page.getByRole('option').first();
  await expect(option).toBeVisible();
  const registration = (await option.textContent()) ?? '';
  await option.click();
  await expect(dialog.getByText('This geofence applies to 1 vehicle only.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Vehicles assigned')).toBeVisible();
  await expect(circleRow.getByText('1 vehicle')).toBeVisible();
  expect((await fenceNamed(page, circleName)).vehicleIds).toHaveLength(1);
  expect(registration).not.toBe('');

  await page.getByRole('searchbox', { name: 'Search' }).fill(`E2E`);
  await expect(page.getByRole('row', { name: new RegExp(polygonName) })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(circleName) })).toBeVisible();
  await snap(page, 'geofence-list');
  await shoot(page, 'geofence-list');

  // Delete the circle after the spec's confirmation.
  await page.getByRole('button', { name: `Actions for ${circleName}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Do you really want to delete this product?' });
  await confirm.getByRole('button', { name: /delete/i }).click();
  await expect(page.getByText('You successfully deleted the item')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(circleName) })).toHaveCount(0);
});
