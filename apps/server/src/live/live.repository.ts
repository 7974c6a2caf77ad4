/** The live snapshot: device_latest rows with a fix, in the caller's organisation scope, devices not deleted. */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { deviceLatest, devices } from '../db/schema/index.ts';
import { orgScope, type OrgIds } from '../modules/organisation/scope.ts';

export async function listLatestInScope(db: Db, orgIds: OrgIds) {
  return db
    .select({ latest: deviceLatest })
    .from(deviceLatest)
    .innerJoin(devices, eq(devices.id, deviceLatest.deviceId))
    .where(
      and(
        eq(devices.deleted, false),
        isNotNull(deviceLatest.fixedAt),
        orgScope(orgIds, deviceLatest.organisationId),
      ),
    );
}
