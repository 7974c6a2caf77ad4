/**
 * /v1/report-schedule: scheduled reports (module `report-schedule`; every write and run also needs the report's own
 * module `report-<reportId>`). The worker job `report-schedules` runs them (schedule/report-schedules-job.ts) and
 * mails the files; run-now does the same at once for the period ending now.
 */
import { z } from 'zod';
import {
  IdParamsSchema,
  ReportSchedulePageSchema,
  ReportScheduleInputSchema,
  ReportScheduleListQuerySchema,
  ReportScheduleRecipientQuerySchema,
  ReportScheduleRecipientSchema,
  ReportScheduleSchema,
  envelopeSchema,
} from '@civicfleet/shared';
import type { ApiApp, ModuleDeps } from '../../http/types.ts';
import { createFileStorage } from '../../storage/index.ts';
import { actorOf, toId } from '../organisation/scope.ts';
import { generateScheduledFile } from './schedule/generate-file.ts';
import { createScheduleService } from './schedule/schedule.service.ts';

const ok = <T>(message: string, data: T) => ({ success: true, message, data });
const MODULE = 'report-schedule';

const RunNowSchema = z.object({
  schedule: ReportScheduleSchema,
  run: z.object({ status: z.enum(['ok', 'failed']), error: z.string().nullable(), mailed: z.number().int() }),
});

export function registerScheduleRoutes(app: ApiApp, deps: ModuleDeps): void {
  const service = createScheduleService({
    db: deps.db,
    clock: deps.clock,
    mailer: deps.mailer,
    storage: createFileStorage(deps.env),
    generate: generateScheduledFile,
  });
  const tags = ['report-schedule'];

  app.get(
    '/report-schedule',
    {
      config: { permission: { module: MODULE } },
      schema: {
        tags,
        querystring: ReportScheduleListQuerySchema,
        response: { 200: envelopeSchema(ReportSchedulePageSchema) },
      },
    },
    async (request) => ok('Report schedules', await service.list(request.auth, request.query)),
  );

  app.get(
    '/report-schedule/recipients',
    {
      config: { permission: { module: MODULE } },
      schema: {
        tags,
        querystring: ReportScheduleRecipientQuerySchema,
        response: { 200: envelopeSchema(z.array(ReportScheduleRecipientSchema)) },
      },
    },
    async (request) => ok('Recipients', await service.recipients(request.auth, request.query.search)),
  );

  app.get(
    '/report-schedule/:id',
    {
      config: { permission: { module: MODULE } },
      schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(ReportScheduleSchema) } },
    },
    async (request) => ok('Report schedule', await service.get(request.auth, toId(request.params.id))),
  );

  app.post(
    '/report-schedule',
    {
      config: { permission: { module: MODULE, action: 'add-report-schedule' } },
      schema: {
        tags,
        body: ReportScheduleInputSchema,
        response: { 200: envelopeSchema(ReportScheduleSchema) },
      },
    },
    async (request) => ok('Report schedule created', await service.create(actorOf(request), request.body)),
  );

  app.put(
    '/report-schedule/:id',
    {
      config: { permission: { module: MODULE, action: 'edit-report-schedule-result-table' } },
      schema: {
        tags,
        params: IdParamsSchema,
        body: ReportScheduleInputSchema,
        response: { 200: envelopeSchema(ReportScheduleSchema) },
      },
    },
    async (request) =>
      ok(
        'Report schedule updated',
        await service.update(actorOf(request), toId(request.params.id), request.body),
      ),
  );

  app.delete(
    '/report-schedule/:id',
    {
      config: { permission: { module: MODULE, action: 'delete-report-schedule-result-table' } },
      schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await service.remove(actorOf(request), toId(request.params.id));
      return ok('Report schedule deleted', null);
    },
  );

  app.post(
    '/report-schedule/:id/run-now',
    {
      config: { permission: { module: MODULE, action: 'edit-report-schedule-result-table' } },
      schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(RunNowSchema) } },
    },
    async (request) => {
      const result = await service.runNow(request.auth, toId(request.params.id));
      const message =
        result.run.status === 'ok'
          ? `Report sent to ${result.run.mailed} recipients`
          : (result.run.error ?? 'The run failed');
      return ok(message, result);
    },
  );
}
