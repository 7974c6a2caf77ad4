/**
 * Worker job: an approved activation runs until its expiresOn (fitmentDate + durationInDays); from the next day (India
 * time) the vehicle's tracking is turned off, unless another live activation of it still runs. The cut-off is daily;
 * the job checks hourly so that it takes effect within the hour after midnight IST, and is idempotent.
 * Registered in worker/jobs.ts `workerJobs` as `activationExpiryJob(deps.db, deps.clock)`.
 */
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../http/types.ts';
import type { Job } from '../../worker/runner.ts';
import { istToday } from '../fitment/fitment-dates.ts';
import { deactivateExpired } from './activation.repository.ts';

export const ACTIVATION_EXPIRY_JOB = 'expire-activations';

export function activationExpiryJob(db: Db, clock: Clock): Job {
  return {
    name: ACTIVATION_EXPIRY_JOB,
    intervalMs: 3600_000,
    async run() {
      const now = clock();
      const vehicles = await deactivateExpired(db, istToday(now), now);
      return `tracking turned off on ${vehicles.length} vehicles with an expired activation`;
    },
  };
}
