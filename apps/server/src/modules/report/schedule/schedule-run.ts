/**
 * One run of a report schedule: reload the creator's permissions (a user who lost the report or was disabled makes
 * the run fail, and nobody is mailed), make each file for the period ending at the scheduled time, record each file
 * as a report export (downloadable later), then mail one message per recipient with the files attached.
 */
import {
  REPORT_EXPORT_FORMATS,
  formatReportCell,
  hasPermission,
  type ReportColumn,
  reportMeta,
  type ReportExportFormat,
  type ReportScheduleRange,
} from '@civicfleet/shared';
import type { Db } from '../../../db/client.ts';
import type { AuthContext, Clock } from '../../../http/types.ts';
import type { MailAttachment, Mailer } from '../../../mail/mailer.ts';
import type { FileStorage } from '../../../storage/index.ts';
import { findUserById } from '../../auth/auth.repository.ts';
import { buildAuthContext } from '../../auth/auth-context.service.ts';
import { formatLocalDay, isoInZone, rangeFor } from './calendar.ts';
import { describeFilter } from './filter-text.ts';
import * as repo from './schedule.repository.ts';

export interface GeneratedFile {
  fileName: string;
  contentType: string;
  storageKey: string;
  sizeBytes: number;
  rowCount: number;
}

/** The exports helper's generateReportFile (export/generate.ts), injectable for tests. */
export type GenerateReportFile = (
  deps: { db: Db; clock: Clock; storage: FileStorage },
  args: {
    auth: AuthContext;
    reportId: string;
    filter: Record<string, unknown>;
    format: ReportExportFormat;
    signal?: AbortSignal;
  },
) => Promise<GeneratedFile>;

export interface ScheduleRunDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  mailer: Mailer;
  generate: GenerateReportFile;
}

export interface ScheduleRunResult {
  status: 'ok' | 'failed';
  error: string | null;
  /** Mails recorded in the outbox. */
  mailed: number;
}

/** Thrown for a run that cannot go on; its message becomes the schedule's last_error. */
class RunFailure extends Error {}

const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/** The creator as they are now (role, organisations), or a RunFailure saying why the run cannot use them. */
async function creatorAuth(db: Db, schedule: repo.ScheduleRow, reportTitle: string): Promise<AuthContext> {
  const user = await findUserById(db, schedule.createdBy);
  if (!user || user.deleted) throw new RunFailure('The user who created this schedule was deleted');
  const name = fullName(user);
  if (!user.isEnabled) throw new RunFailure(`${name}, who created this schedule, is disabled`);
  const auth = await buildAuthContext(db, user, `report-schedule-${schedule.id}`);
  if (!hasPermission(auth.roleName, auth.permissions, `report-${schedule.reportId}`)) {
    throw new RunFailure(`${name}, who created this schedule, may no longer see the ${reportTitle}`);
  }
  if (auth.orgIds !== 'all' && !auth.orgIds.includes(schedule.organisationId)) {
    throw new RunFailure(`${name}, who created this schedule, no longer belongs to its organisation`);
  }
  return auth;
}

const DATETIME: ReportColumn = { key: 'at', label: 'At', kind: 'datetime' };
/** DD/MM/YYYY HH:mm:ss, as the reports print times. */
const localTime = (at: Date, timeZone: string) => formatReportCell(DATETIME, at.toISOString(), timeZone);

function periodText(from: Date, to: Date, timeZone: string): string {
  const first = formatLocalDay(from, timeZone);
  const last = formatLocalDay(to, timeZone);
  return first === last ? first : `${first} to ${last}`;
}

/** Runs `schedule` for the occurrence `scheduledAt` and records the outcome on the schedule. */
export async function runSchedule(
  deps: ScheduleRunDeps,
  schedule: repo.ScheduleRow,
  scheduledAt: Date,
): Promise<ScheduleRunResult> {
  const { db, clock } = deps;
  const startedAt = clock();
  let result: ScheduleRunResult;
  try {
    const meta = reportMeta(schedule.reportId);
    if (!meta) throw new RunFailure(`The report ${schedule.reportId} does not exist any more`);
    const auth = await creatorAuth(db, schedule, meta.title);
    const recipients = (await repo.findRecipients(db, schedule.recipients.map(BigInt), auth.orgIds)).filter(
      (r): r is repo.RecipientRow & { email: string } => Boolean(r.email),
    );
    if (recipients.length === 0)
      throw new RunFailure('None of the recipients can be mailed (no e-mail address)');

    const range = rangeFor(schedule.range as ReportScheduleRange, scheduledAt, schedule.timeZone);
    const filter = {
      ...schedule.filter,
      from: isoInZone(range.from, schedule.timeZone),
      to: isoInZone(range.to, schedule.timeZone),
    };
    const formats = REPORT_EXPORT_FORMATS.filter((f) => schedule.formats.includes(f));
    const attachments: MailAttachment[] = [];
    for (const format of formats) {
      try {
        const file = await deps.generate(
          { db, clock, storage: deps.storage },
          { auth, reportId: schedule.reportId, filter, format },
        );
        await repo.insertScheduledExport(db, {
          organisationId: schedule.organisationId,
          scheduleId: schedule.id,
          reportId: schedule.reportId,
          format,
          filter,
          status: 'done',
          rowCount: file.rowCount,
          fileName: file.fileName,
          storageKey: file.storageKey,
          sizeBytes: file.sizeBytes,
          error: null,
          startedAt,
          finishedAt: clock(),
        });
        attachments.push({
          fileName: file.fileName,
          contentType: file.contentType,
          storageKey: file.storageKey,
          sizeBytes: file.sizeBytes,
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new RunFailure(`The ${format.toUpperCase()} file could not be made: ${reason}`);
      }
    }

    const period = periodText(range.from, range.to, schedule.timeZone);
    const subject = `${meta.title} — ${period}`;
    const text = [
      `${schedule.name}`,
      '',
      `Report: ${meta.title}`,
      `Period: ${localTime(range.from, schedule.timeZone)} to ${localTime(range.to, schedule.timeZone)} (${schedule.timeZone})`,
      ...(await describeFilter(db, schedule.filter)).map((line) => `${line.label}: ${line.value}`),
      '',
      `Files attached: ${attachments.map((a) => a.fileName).join(', ')}`,
      '',
      'This mail was sent by a report schedule. Manage schedules under Reports → Scheduled Reports.',
    ].join('\n');
    for (const recipient of recipients) {
      await deps.mailer.send({ to: recipient.email, subject, text, attachments });
    }
    result = { status: 'ok', error: null, mailed: recipients.length };
  } catch (error) {
    const message =
      error instanceof RunFailure
        ? error.message
        : `The run failed: ${error instanceof Error ? error.message : String(error)}`;
    result = { status: 'failed', error: message.slice(0, 1000), mailed: 0 };
  }
  await repo.recordScheduleRun(db, schedule.id, {
    at: startedAt,
    status: result.status,
    error: result.error,
  });
  return result;
}
