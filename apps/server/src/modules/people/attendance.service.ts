/**
 * Attendance (docs/swm.md "Attendance"): the day board, the per-ward/circle summary and the supervisor's mark. The
 * derived marks (driver-id, duty, day-close) come from the worker (attendance-job.ts); a supervisor's mark replaces
 * any of them and is never replaced by one.
 */
import {
  PEOPLE_MESSAGES,
  type AttendanceBoard,
  type AttendanceBoardQuery,
  type AttendanceMark,
  type AttendanceRow,
  type AttendanceSource,
  type AttendanceStatus,
  type AttendanceSummaryQuery,
  type AttendanceSummaryRow,
  type StaffRole,
} from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { localDayOf } from '../../derive/local-day.ts';
import { BadRequestError } from '../../http/errors.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { toId, type Actor } from '../organisation/scope.ts';
import { PEOPLE_TIME_ZONE } from './attendance-derive.ts';
import * as repo from './attendance.repository.ts';
import * as staffRepo from './staff.repository.ts';

const named = (id: bigint | null, name: string | null) =>
  id === null || name === null ? null : { id: String(id), name };
const opt = (v: string | undefined) => (v === undefined ? undefined : toId(v));

function toRow(r: repo.BoardRecord): AttendanceRow {
  const s = r.staff;
  const m = r.mark;
  return {
    staff: { id: String(s.id), name: s.name, role: s.role as StaffRole, phone: s.phone, tagId: s.tagId },
    ward: named(m?.wardId ?? s.wardId, r.wardName),
    circle: named(m?.circleId ?? s.circleId, r.circleName),
    status: (m?.status as AttendanceStatus | undefined) ?? null,
    source: (m?.source as AttendanceSource | undefined) ?? null,
    reason: m?.reason ?? null,
    vehicle:
      m?.vehicleId != null && r.registrationNumber !== null
        ? { id: String(m.vehicleId), registrationNumber: r.registrationNumber }
        : null,
    dutyStartAt: m?.dutyStartAt?.toISOString() ?? null,
    dutyEndAt: m?.dutyEndAt?.toISOString() ?? null,
    markedBy:
      m?.markedBy != null ? { id: String(m.markedBy), name: r.markedByName ?? String(m.markedBy) } : null,
    markedAt: m?.updatedAt.toISOString() ?? null,
  };
}

export function createAttendanceService({ db, clock }: { db: Db; clock: Clock }) {
  const today = () => localDayOf(clock().getTime(), PEOPLE_TIME_ZONE);

  return {
    async board(auth: AuthContext, query: AttendanceBoardQuery): Promise<AttendanceBoard> {
      const day = query.day ?? today();
      const { page, counts } = await repo.attendanceBoard(
        db,
        {
          orgIds: auth.orgIds,
          day,
          organisationId: opt(query.organisationId),
          zoneId: opt(query.zoneId),
          circleId: opt(query.circleId),
          wardId: opt(query.wardId),
          role: query.role,
        },
        query.status,
        query,
      );
      return { ...page, items: page.items.map(toRow), day, counts };
    },

    async summary(auth: AuthContext, query: AttendanceSummaryQuery): Promise<AttendanceSummaryRow[]> {
      const rows = await repo.attendanceSummary(
        db,
        { orgIds: auth.orgIds, organisationId: opt(query.organisationId) },
        query.from,
        query.to,
        query.groupBy,
      );
      return rows.map((r) => ({
        day: r.day,
        key: r.key === null ? null : String(r.key),
        label: r.label ?? (query.groupBy === 'ward' ? 'No ward' : 'No circle'),
        present: r.present,
        absent: r.absent,
      }));
    },

    /** A supervisor's PRESENT/ABSENT for a person and day (not a day still to come); replaces a derived mark. */
    async mark(actor: Actor, input: AttendanceMark): Promise<AttendanceRow> {
      const person = await staffRepo.findStaff(db, toId(input.staffId), actor.auth.orgIds);
      if (!person)
        throw new BadRequestError(PEOPLE_MESSAGES.staffNotFound, { staffId: PEOPLE_MESSAGES.staffNotFound });
      if (input.day > today())
        throw new BadRequestError(PEOPLE_MESSAGES.futureDay, { day: PEOPLE_MESSAGES.futureDay });
      const s = person.staff;
      await db.transaction(async (tx) => {
        await repo.upsertSupervisorMark(tx, {
          staffId: s.id,
          day: input.day,
          organisationId: s.organisationId,
          status: input.status,
          source: 'supervisor',
          reason: input.reason,
          wardId: s.wardId,
          circleId: s.circleId,
          markedBy: actor.auth.userId,
        });
        await recordAudit(tx, {
          action: 'attendance.marked',
          actorUserId: actor.auth.userId,
          organisationId: s.organisationId,
          entity: 'staff',
          entityId: s.id,
          detail: { day: input.day, status: input.status, reason: input.reason },
          ip: actor.ip,
        });
      });
      const own = await repo.boardRowOf(db, actor.auth.orgIds, input.day, s.id);
      if (!own) throw new Error('mark written but not found');
      return toRow(own);
    },
  };
}
