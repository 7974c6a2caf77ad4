/**
 * Worker job: share links that expired or were revoked more than SHARE_RETENTION_DAYS ago are deleted (they stay
 * listed as expired / revoked until then; the audit log keeps who created and revoked them).
 * Registered in worker/jobs.ts `workerJobs` as `sharePurgeJob(deps.db, deps.clock)`.
 */
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../http/types.ts';
import type { Job } from '../../worker/runner.ts';
import { purgeShares } from './share.repository.ts';

export const SHARE_RETENTION_DAYS = 90;
export const SHARE_PURGE_JOB = 'purge-share-links';

export function sharePurgeJob(db: Db, clock: Clock): Job {
  return {
    name: SHARE_PURGE_JOB,
    intervalMs: 6 * 3600_000,
    async run() {
      const before = new Date(clock().getTime() - SHARE_RETENTION_DAYS * 86_400_000);
      return `deleted ${await purgeShares(db, before)} share links`;
    },
  };
}
