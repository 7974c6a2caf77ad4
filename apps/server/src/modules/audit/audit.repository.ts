import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

export async function insertAudit(db: Db, row: NewAuditRow): Promise<void> {
  await db.insert(auditLog).values(row);
}

export async function listRecentAudit(db: Db, limit: number): Promise<AuditRow[]> {
  return db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(limit);
}
