/** The purge job deletes only links expired or revoked more than SHARE_RETENTION_DAYS ago. */
import { describe, expect, it } from 'vitest';
import { shareLinks, users } from '../../db/schema/index.ts';
import { INDORE, organisationId } from '../../gateway/testing/fleet.ts';
import { useTestApp } from '../../../test/helpers.ts';
import { SHARE_RETENTION_DAYS, sharePurgeJob } from './share-purge-job.ts';

const NOW = new Date('2026-11-20T10:00:00Z');
const DAY = 86_400_000;

describe('share purge job', () => {
  const t = useTestApp();

  it('deletes long-expired and long-revoked links, keeps the rest', async () => {
    const organisation = await organisationId(t.db, INDORE);
    const [user] = await t.db.select({ id: users.id }).from(users).limit(1);
    if (!user) throw new Error('no user');
    const link = (label: string, expiresAt: Date, revokedAt: Date | null = null) => ({
      organisationId: organisation,
      kind: 'live',
      tokenHash: `hash-${label}`,
      label,
      expiresAt,
      revokedAt,
      createdBy: user.id,
    });
    const old = new Date(NOW.getTime() - (SHARE_RETENTION_DAYS + 1) * DAY);
    const recent = new Date(NOW.getTime() - DAY);
    await t.db
      .insert(shareLinks)
      .values([
        link('long expired', old),
        link('long revoked', new Date(NOW.getTime() + DAY), old),
        link('recently expired', recent),
        link('recently revoked', new Date(NOW.getTime() + DAY), recent),
        link('active', new Date(NOW.getTime() + DAY)),
      ]);
    expect(await sharePurgeJob(t.db, () => NOW).run()).toBe('deleted 2 share links');
    const left = await t.db.select({ label: shareLinks.label }).from(shareLinks);
    expect(left.map((r) => r.label).sort()).toEqual(['active', 'recently expired', 'recently revoked']);
  });
});
