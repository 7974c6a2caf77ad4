/**
 * Where the Indore demo fleet works: ward boundaries (indore-ward-geometry.ts) and geofences (indore-geofences.ts).
 * Idempotent: fills wards that have no geometry yet and adds the geofences to an organisation that has none, so a
 * demo database seeded before these existed gets them at the next start (prepareDatabase).
 */
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { adminDivisions, geofences, organisations } from '../schema/index.ts';
import { INDORE_GEOFENCES } from './indore-geofences.ts';
import { indoreWardGeometry } from './indore-ward-geometry.ts';

/** How the demo seed names the Indore organisation (demo.ts). */
export const DEMO_INDORE = { tradeName: 'Indore Municipal Corporation', email: 'swm@imcindore.org' } as const;

export async function seedIndoreGeography(db: Db, organisationId: bigint): Promise<void> {
  const boundaries = indoreWardGeometry();
  const bare = await db
    .select({ id: adminDivisions.id, code: adminDivisions.code })
    .from(adminDivisions)
    .where(
      and(
        eq(adminDivisions.organisationId, organisationId),
        eq(adminDivisions.type, 'WARD'),
        isNull(adminDivisions.geometry),
      ),
    );
  for (const ward of bare) {
    const geometry = ward.code === null ? undefined : boundaries.get(ward.code);
    if (geometry) await db.update(adminDivisions).set({ geometry }).where(eq(adminDivisions.id, ward.id));
  }
  const [existing] = await db
    .select({ n: count() })
    .from(geofences)
    .where(eq(geofences.organisationId, organisationId));
  if ((existing?.n ?? 0) > 0) return;
  await db.insert(geofences).values(
    INDORE_GEOFENCES.map((fence) => ({
      organisationId,
      name: fence.name,
      kind: fence.kind,
      geometry: fence.geometry,
      radiusM: fence.radiusM ?? null,
      dwellS: fence.dwellS ?? null,
    })),
  );
}

/** The demo Indore organisation, when this database has one; returns whether it did. */
export async function backfillDemoGeography(db: Db): Promise<boolean> {
  const [indore] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(
      and(
        eq(organisations.tradeName, DEMO_INDORE.tradeName),
        eq(organisations.email, DEMO_INDORE.email),
        eq(organisations.deleted, false),
      ),
    )
    .limit(1);
  if (!indore) return false;
  await db.transaction((tx) => seedIndoreGeography(tx, indore.id));
  return true;
}
