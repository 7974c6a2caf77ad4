import type { Database, Db } from '../db/client.ts';
import type { Clock } from '../http/types.ts';
import type { Mailer } from '../mail/mailer.ts';
import { deleteExpiredRefreshTokens } from '../modules/auth/auth.repository.ts';
import { deleteStalePasswordResets } from '../modules/auth/password-reset.repository.ts';
import type { DeriveContextProvider } from '../gateway/ingest/derive-context.ts';
import { offlineJob } from './offline-job.ts';
import { sharePurgeJob } from '../modules/share/share-purge-job.ts';
import { alertDeskJob } from './alert-desk-job.ts';
import { activationExpiryJob } from '../modules/activation/activation-expiry-job.ts';
import type { Bus } from '../bus/bus.ts';
import { jobRunJob } from '../modules/operations/job-run-job.ts';
import { missedPointsJob } from '../modules/operations/missed-points-job.ts';
import { attendanceJob } from '../modules/people/attendance-job.ts';
import { retentionJob } from '../modules/retention/retention-job.ts';
import type { Job } from './runner.ts';
import { forwardingJob } from '../modules/forwarding/forwarding-job.ts';
import { reportSchedulesJob } from '../modules/report/schedule/report-schedules-job.ts';
import { generateScheduledFile } from '../modules/report/schedule/generate-file.ts';
import type { FileStorage } from '../storage/index.ts';

const MINUTE = 60_000;

/** Expired refresh tokens and finished or expired password resets are of no use to anyone: delete them hourly. */
export function purgeSessionsJob(db: Db, clock: Clock): Job {
  return {
    name: 'purge-expired-sessions',
    intervalMs: 60 * MINUTE,
    async run() {
      const now = clock();
      const tokens = await deleteExpiredRefreshTokens(db, now);
      const resets = await deleteStalePasswordResets(db, now);
      return `deleted ${tokens} refresh tokens, ${resets} password resets`;
    },
  };
}

/** Re-sends mail that SMTP refused or could not take (only when SMTP is configured). */
export function retryMailJob(mailer: Mailer): Job {
  return {
    name: 'retry-failed-mail',
    intervalMs: 5 * MINUTE,
    async run() {
      return `re-sent ${await mailer.retryFailed()}`;
    },
  };
}

export function workerJobs(deps: {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  smtpConfigured: boolean;
  /** FORWARD_ALLOW_PRIVATE_ADDRESSES: forwarding may reach private/loopback receivers. */
  forwardAllowPrivateAddresses?: boolean;
  /** The database behind `db`: enables the derive jobs (offline detection), which use raw SQL. */
  database?: Database;
  /** Per-organisation derive settings (offline threshold, SOS quiet time); default: the built-in defaults. */
  deriveContext?: DeriveContextProvider;
  /** Desk escalations are published on it (live clients update) when given. */
  bus?: Bus;
  /** The console's address, linked from the escalation e-mail. */
  publicUrl?: string;
  /** File storage (report files of scheduled reports): enables the report-schedules job. */
  storage?: FileStorage;
}): Job[] {
  const jobs = [
    purgeSessionsJob(deps.db, deps.clock),
    alertDeskJob(deps),
    sharePurgeJob(deps.db, deps.clock),
    activationExpiryJob(deps.db, deps.clock),
    jobRunJob(deps.db, deps.clock),
    missedPointsJob(deps.db, deps.clock, deps.bus),
    attendanceJob(deps.db, deps.clock),
    retentionJob(deps.db, deps.clock),
  ];
  if (deps.database) jobs.push(offlineJob(deps.database, deps.clock, deps.deriveContext));
  if (deps.database)
    jobs.push(
      forwardingJob(deps.database, deps.clock, {
        allowPrivateAddresses: deps.forwardAllowPrivateAddresses ?? false,
      }),
    );
  if (deps.storage)
    jobs.push(reportSchedulesJob({ ...deps, storage: deps.storage, generate: generateScheduledFile }));
  if (deps.smtpConfigured) jobs.push(retryMailJob(deps.mailer));
  return jobs;
}
