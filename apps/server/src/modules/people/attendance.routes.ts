/** /v1/attendance (module `attendance`): the day board, the per-ward/circle summary and the supervisor's mark. */
import { z } from 'zod';
import {
  AttendanceBoardQuerySchema,
  AttendanceBoardSchema,
  AttendanceMarkSchema,
  AttendanceRowSchema,
  AttendanceSummaryQuerySchema,
  AttendanceSummaryRowSchema,
  envelopeSchema,
} from '@civicfleet/shared';
import type { ApiApp, ModuleDeps } from '../../http/types.ts';
import { actorOf } from '../organisation/scope.ts';
import { createAttendanceService } from './attendance.service.ts';

const ok = <T>(message: string, data: T) => ({ success: true, message, data });
const MODULE = 'attendance';

export function registerAttendanceRoutes(app: ApiApp, deps: ModuleDeps): void {
  const service = createAttendanceService({ db: deps.db, clock: deps.clock });
  const tags = ['attendance'];

  app.get(
    '/attendance',
    {
      config: { permission: { module: MODULE } },
      schema: {
        tags,
        querystring: AttendanceBoardQuerySchema,
        response: { 200: envelopeSchema(AttendanceBoardSchema) },
      },
    },
    async (request) => ok('Attendance', await service.board(request.auth, request.query)),
  );

  app.get(
    '/attendance/summary',
    {
      config: { permission: { module: MODULE } },
      schema: {
        tags,
        querystring: AttendanceSummaryQuerySchema,
        response: { 200: envelopeSchema(z.array(AttendanceSummaryRowSchema)) },
      },
    },
    async (request) => ok('Attendance summary', await service.summary(request.auth, request.query)),
  );

  app.put(
    '/attendance',
    {
      config: { permission: { module: MODULE, action: 'mark-attendance' } },
      schema: { tags, body: AttendanceMarkSchema, response: { 200: envelopeSchema(AttendanceRowSchema) } },
    },
    async (request) => ok('Attendance marked', await service.mark(actorOf(request), request.body)),
  );
}
