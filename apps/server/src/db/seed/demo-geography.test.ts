/** The demo wards' boundaries and geofences: seeded with the demo data, and backfilled once into an older demo database. */
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/helpers.ts';
import { adminDivisions, geofences, organisations } from '../schema/index.ts';
import { backfillDemoGeography, DEMO_INDORE } from './demo-geography.ts';
import { INDORE_GEOFENCES } from './indore-geofences.ts';
import { prepareDatabase } from './index.ts';

describe('demo geography', () => {
  let t: TestDatabase;
  let indoreId: bigint;

  async function counts() {
    const [fences] = await t.db
      .select({ n: count() })
      .from(geofences)
      .where(eq(geofences.organisationId, indoreId));
    const [wards] = await t.db
      .select({ n: count() })
      .from(adminDivisions)
      .where(
        and(
          eq(adminDivisions.organisationId, indoreId),
          eq(adminDivisions.type, 'WARD'),
          isNotNull(adminDivisions.geometry),
        ),
      );
    return { fences: fences?.n, wards: wards?.n };
  }

  beforeAll(async () => {
    t = await openTestDatabase();
    const [row] = await t.db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.tradeName, DEMO_INDORE.tradeName));
    indoreId = row?.id ?? 0n;
  });
  afterAll(async () => t?.close());

  it('is part of the demo seed (without the demo fleet) and is not duplicated by a restart', async () => {
    const expected = { fences: INDORE_GEOFENCES.length, wards: 18 };
    expect(await counts()).toEqual(expected);
    await prepareDatabase(t.database, { demo: true, demoFleet: false });
    expect(await counts()).toEqual(expected);
  });

  it('fills a demo database seeded before it existed, once', async () => {
    await t.db.delete(geofences).where(eq(geofences.organisationId, indoreId));
    await t.db
      .update(adminDivisions)
      .set({ geometry: null })
      .where(eq(adminDivisions.organisationId, indoreId));
    expect(await counts()).toEqual({ fences: 0, wards: 0 });
    expect(await backfillDemoGeography(t.db)).toBe(true);
    expect(await backfillDemoGeography(t.db)).toBe(true);
    expect(await counts()).toEqual({ fences: INDORE_GEOFENCES.length, wards: 18 });
  });
});
