/**
 * The audit trail: security-relevant actions (sign-in, sign-out, failed sign-in, password reset/change, and what other
 * modules choose to record). Use `recordAudit(db, {...})`; pass a transaction as `db` to record atomically with a change.
 */
import type { Db } from '../../db/client.ts';
import { insertAudit } from './audit.repository.ts';

export const AUDIT_ACTIONS = {
  signIn: 'auth.sign-in',
  signInFailed: 'auth.sign-in-failed',
  signOut: 'auth.sign-out',
  refreshReuse: 'auth.refresh-token-reuse',
  passwordResetRequested: 'auth.password-reset-requested',
  passwordReset: 'auth.password-reset',
  passwordChanged: 'auth.password-changed',
} as const;

export interface AuditEntry {
  action: string;
  actorUserId?: bigint | null;
  organisationId?: bigint | null;
  entity?: string | null;
  entityId?: string | bigint | null;
  detail?: Record<string, unknown> | null;
  ip?: string | null;
  at?: Date;
}

export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await insertAudit(db, {
    action: entry.action,
    actorUserId: entry.actorUserId ?? null,
    organisationId: entry.organisationId ?? null,
    entity: entry.entity ?? null,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    detail: entry.detail ?? null,
    ip: entry.ip ?? null,
    ...(entry.at ? { at: entry.at } : {}),
  });
}
