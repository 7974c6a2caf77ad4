/** SQL of the RTO reference list. */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rtos } from '../../db/schema/index.ts';

export async function listRtos(db: Db, stateCode?: string) {
  return db
    .select({ stateCode: rtos.stateCode, code: rtos.code, name: rtos.name })
    .from(rtos)
    .where(stateCode === undefined ? undefined : eq(rtos.stateCode, stateCode))
    .orderBy(asc(rtos.stateCode), asc(rtos.code));
}

/** Inserts or renames one RTO; answers whether it was new. */
export async function upsertRto(
  db: Db,
  row: { stateCode: string; code: string; name: string },
): Promise<boolean> {
  const [result] = await db
    .insert(rtos)
    .values(row)
    .onConflictDoUpdate({ target: [rtos.stateCode, rtos.code], set: { name: row.name } })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return result?.inserted ?? false;
}
