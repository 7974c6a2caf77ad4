/**
 * Every 30 s: escalates desk alerts left unacknowledged past their organisation's `deskEscalateAfterMin`
 * (modules/alert-desk/escalation.ts).
 */
import type { Bus } from '../bus/bus.ts';
import type { Db } from '../db/client.ts';
import type { Clock } from '../http/types.ts';
import type { Mailer } from '../mail/mailer.ts';
import { escalateDeskAlerts } from '../modules/alert-desk/escalation.ts';
import type { Job } from './runner.ts';

export const ALERT_DESK_JOB = 'alert-desk-escalation';
export const ALERT_DESK_JOB_INTERVAL_MS = 30_000;

export function alertDeskJob(deps: {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  bus?: Bus | undefined;
  publicUrl?: string | undefined;
}): Job {
  return {
    name: ALERT_DESK_JOB,
    intervalMs: ALERT_DESK_JOB_INTERVAL_MS,
    async run() {
      return `escalated ${await escalateDeskAlerts(deps)} desk alerts`;
    },
  };
}
