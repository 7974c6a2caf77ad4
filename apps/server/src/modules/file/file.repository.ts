/** SQL of the `files` table: what was uploaded, by which organisation. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import { orgScope, type OrgIds } from '../organisation/scope.ts';

export type NewFileRecord = typeof files.$inferInsert;
export type FileRecord = typeof files.$inferSelect;

export async function insertFiles(db: Db, records: NewFileRecord[]): Promise<void> {
  if (records.length > 0) await db.insert(files).values(records);
}

/** The file under `key` when its organisation is within `orgIds`; undefined otherwise (answer 404 either way). */
export async function findFile(db: Db, key: string, orgIds: OrgIds): Promise<FileRecord | undefined> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.key, key), orgScope(orgIds, files.organisationId)))
    .limit(1);
  return row;
}
