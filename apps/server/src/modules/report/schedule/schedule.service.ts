/**
 * Report schedules, organisation-scoped and audited. The caller must hold the report's own module (403 otherwise);
 * recipients must be users the caller can see, each with an e-mail. A schedule belongs to the organisation its filter
 * names (or the caller's own) and runs with its creator's permissions as they are at run time.
 */
import {
  REPORT_SCHEDULE_MESSAGES,
  hasPermission,
  reportMeta,
  type ListPage,
  type ReportExportFormat,
  type ReportSchedule,
  type ReportScheduleInput,
  type ReportScheduleListQuery,
  type ReportScheduleRecipient,
} from '@civicfleet/shared';
import { AUTH_MESSAGES } from '@civicfleet/shared';
import { visibleOrganisationIds } from '../../../db/organisation-scope.ts';
import { mapPage } from '../../../db/list-query.ts';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../../http/errors.ts';
import type { AuthContext } from '../../../http/types.ts';
import { recordAudit } from '../../audit/audit.service.ts';
import { resolveOwnerOrganisation, uniqueIds } from '../../organisation/owner-organisation.ts';
import { toId, type Actor } from '../../organisation/scope.ts';
import { nextRunAt } from './calendar.ts';
import { runSchedule, type ScheduleRunDeps, type ScheduleRunResult } from './schedule-run.ts';
import * as repo from './schedule.repository.ts';

const TIME_ZONE = 'Asia/Kolkata';

const nameOf = (r: { firstName: string; lastName: string }) => `${r.firstName} ${r.lastName}`.trim();

function toSchedule(record: repo.ScheduleRecord, recipients: Map<string, repo.RecipientRow>): ReportSchedule {
  const s = record.schedule;
  return {
    id: String(s.id),
    organisationId: String(s.organisationId),
    organisationName: record.organisationName,
    createdBy: String(s.createdBy),
    createdByName: record.createdByName,
    name: s.name,
    reportId: s.reportId,
    reportTitle: reportMeta(s.reportId)?.title ?? s.reportId,
    filter: s.filter,
    range: s.range as ReportSchedule['range'],
    frequency: s.frequency as ReportSchedule['frequency'],
    dayOfWeek: s.dayOfWeek,
    dayOfMonth: s.dayOfMonth,
    timeOfDay: s.timeOfDay,
    timeZone: s.timeZone,
    formats: s.formats as ReportExportFormat[],
    recipients: s.recipients.map((id): ReportScheduleRecipient => {
      const user = recipients.get(id);
      return user ? { id, name: nameOf(user), email: user.email } : { id, name: id, email: null };
    }),
    enabled: s.enabled,
    nextRunAt: s.nextRunAt.toISOString(),
    lastRunAt: s.lastRunAt?.toISOString() ?? null,
    lastStatus: (s.lastStatus as ReportSchedule['lastStatus']) ?? null,
    lastError: s.lastError,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

export const FILTER_VEHICLE_UNKNOWN = 'The vehicle of the filter is not one of this organisation.';
export function createScheduleService(deps: ScheduleRunDeps) {
  const { db, clock } = deps;

  function requireReport(auth: AuthContext, reportId: string): void {
    if (!hasPermission(auth.roleName, auth.permissions, `report-${reportId}`))
      throw new ForbiddenError(AUTH_MESSAGES.forbidden);
  }

  async function recipientsOf(records: repo.ScheduleRecord[]): Promise<Map<string, repo.RecipientRow>> {
    const ids = uniqueIds(records.flatMap((r) => r.schedule.recipients));
    const found = await repo.findRecipients(db, ids, 'all');
    return new Map(found.map((r) => [String(r.id), r]));
  }

  async function visible(auth: AuthContext, id: bigint): Promise<repo.ScheduleRecord> {
    const record = await repo.findSchedule(db, id, auth.orgIds);
    if (!record) throw new NotFoundError(REPORT_SCHEDULE_MESSAGES.notFound);
    return record;
  }

  async function present(record: repo.ScheduleRecord): Promise<ReportSchedule> {
    return toSchedule(record, await recipientsOf([record]));
  }

  /** Each recipient visible to the caller and with an e-mail; the message names the first one that is not. */
  async function checkRecipients(auth: AuthContext, ids: readonly string[]): Promise<string[]> {
    const wanted = uniqueIds(ids);
    const found = new Map((await repo.findRecipients(db, wanted, auth.orgIds)).map((r) => [r.id, r]));
    for (const id of wanted) {
      const user = found.get(id);
      if (!user) {
        const message = REPORT_SCHEDULE_MESSAGES.unknownRecipient(String(id));
        throw new BadRequestError(message, { recipients: message });
      }
      if (!user.email) {
        const message = REPORT_SCHEDULE_MESSAGES.noEmail(nameOf(user));
        throw new BadRequestError(message, { recipients: message });
      }
    }
    return wanted.map(String);
  }

  /**
   * A vehicle named in the filter must belong to the schedule's organisation subtree: a schedule saved with another
   * tenant's vehicle id would otherwise carry (and print) that vehicle's registration in every run's header.
   */
  async function checkFilterVehicle(input: ReportScheduleInput, organisationId: bigint): Promise<void> {
    const vehicleId = input.filter.vehicleId;
    if (vehicleId === undefined || vehicleId === null || vehicleId === '') return;
    const id = typeof vehicleId === 'string' && /^\d{1,18}$/.test(vehicleId) ? BigInt(vehicleId) : null;
    if (id === null || !(await repo.isVehicleIn(db, id, await visibleOrganisationIds(db, organisationId)))) {
      throw new BadRequestError(FILTER_VEHICLE_UNKNOWN, { vehicleId: FILTER_VEHICLE_UNKNOWN });
    }
  }

  function columnsOf(input: ReportScheduleInput) {
    const calendar = {
      frequency: input.frequency,
      timeOfDay: input.timeOfDay,
      dayOfWeek: input.frequency === 'weekly' ? (input.dayOfWeek ?? null) : null,
      dayOfMonth: input.frequency === 'monthly' ? (input.dayOfMonth ?? null) : null,
      timeZone: TIME_ZONE,
    };
    return {
      ...calendar,
      name: input.name,
      reportId: input.reportId,
      filter: input.filter,
      range: input.range,
      formats: [...new Set(input.formats)],
      enabled: input.enabled,
      nextRunAt: nextRunAt(calendar, clock()),
    };
  }

  return {
    async list(auth: AuthContext, query: ReportScheduleListQuery): Promise<ListPage<ReportSchedule>> {
      const page = await repo.listSchedules(
        db,
        {
          orgIds: auth.orgIds,
          organisationId: query.organisationId === undefined ? undefined : toId(query.organisationId),
          reportId: query.reportId,
        },
        query,
      );
      const recipients = await recipientsOf(page.items);
      return mapPage(page, (record) => toSchedule(record, recipients));
    },

    async get(auth: AuthContext, id: bigint): Promise<ReportSchedule> {
      return present(await visible(auth, id));
    },

    async create({ auth, ip }: Actor, input: ReportScheduleInput): Promise<ReportSchedule> {
      requireReport(auth, input.reportId);
      const organisationId = await resolveOwnerOrganisation(
        db,
        auth,
        typeof input.filter.organisationId === 'string' ? input.filter.organisationId : undefined,
      );
      await checkFilterVehicle(input, organisationId);
      const recipients = await checkRecipients(auth, input.recipients);
      const id = await db.transaction(async (tx) => {
        const newId = await repo.insertSchedule(tx, {
          ...columnsOf(input),
          organisationId,
          createdBy: auth.userId,
          recipients,
        });
        await recordAudit(tx, {
          action: 'report-schedule.created',
          actorUserId: auth.userId,
          organisationId,
          entity: 'report-schedule',
          entityId: newId,
          detail: { name: input.name, reportId: input.reportId },
          ip,
        });
        return newId;
      });
      return this.get(auth, id);
    },

    async update({ auth, ip }: Actor, id: bigint, input: ReportScheduleInput): Promise<ReportSchedule> {
      const current = await visible(auth, id);
      requireReport(auth, current.schedule.reportId);
      requireReport(auth, input.reportId);
      const organisationId = await resolveOwnerOrganisation(
        db,
        auth,
        typeof input.filter.organisationId === 'string'
          ? input.filter.organisationId
          : String(current.schedule.organisationId),
      );
      await checkFilterVehicle(input, organisationId);
      const recipients = await checkRecipients(auth, input.recipients);
      await db.transaction(async (tx) => {
        // Runs keep using the creator's permissions (re-read at each run).
        await repo.updateSchedule(tx, id, { ...columnsOf(input), organisationId, recipients });
        await recordAudit(tx, {
          action: 'report-schedule.updated',
          actorUserId: auth.userId,
          organisationId,
          entity: 'report-schedule',
          entityId: id,
          detail: { before: { name: current.schedule.name }, after: { name: input.name } },
          ip,
        });
      });
      return this.get(auth, id);
    },

    async remove({ auth, ip }: Actor, id: bigint): Promise<void> {
      const current = await visible(auth, id);
      requireReport(auth, current.schedule.reportId);
      await db.transaction(async (tx) => {
        await repo.updateSchedule(tx, id, { deleted: true, enabled: false });
        await recordAudit(tx, {
          action: 'report-schedule.deleted',
          actorUserId: auth.userId,
          organisationId: current.schedule.organisationId,
          entity: 'report-schedule',
          entityId: id,
          detail: { name: current.schedule.name },
          ip,
        });
      });
    },

    /** Runs the schedule now for the period ending now; its calendar (next_run_at) is left as it is. */
    async runNow(
      auth: AuthContext,
      id: bigint,
    ): Promise<{ schedule: ReportSchedule; run: ScheduleRunResult }> {
      const current = await visible(auth, id);
      requireReport(auth, current.schedule.reportId);
      const run = await runSchedule(deps, current.schedule, clock());
      return { schedule: await this.get(auth, id), run };
    },

    async recipients(auth: AuthContext, search: string | undefined): Promise<ReportScheduleRecipient[]> {
      const found = await repo.searchRecipients(db, auth.orgIds, search);
      return found.map((r) => ({ id: String(r.id), name: nameOf(r), email: r.email }));
    },
  };
}
