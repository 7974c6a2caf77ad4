/** SQL of the `files` table: what was uploaded, by which organisation. */
import { and, eq, gt, sql } from 'drizzle-orm';
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

export interface UploadUsage {
  files: number;
  bytes: number;
}

/**
 * What `userId` uploaded for `organisationId` in the last `windowS` seconds (database time, like `created_at`). Scoped
 * by organisation first so that the query runs on files_organisation_idx.
 */
export async function recentUploadUsage(
  db: Db,
  organisationId: bigint,
  userId: bigint,
  windowS: number,
): Promise<UploadUsage> {
  const [row] = await db
    .select({
      files: sql<number>`count(*)::int`,
      bytes: sql<number>`coalesce(sum(${files.sizeBytes}), 0)::bigint`,
    })
    .from(files)
    .where(
      and(
        eq(files.organisationId, organisationId),
        eq(files.uploadedBy, userId),
        gt(files.createdAt, sql`now() - make_interval(secs => ${windowS})`),
      ),
    );
  return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
}
