/**
 * Report files made in the background (export/README.md):
 * - POST /v1/report/<id>/exports (module `report-<id>`): { format, filter, labels? } → 202 ReportExport (queued)
 * - GET /v1/report/exports: the caller's last 20 files; GET /v1/report/exports/:exportId: status and progress;
 *   GET /v1/report/exports/:exportId/file: the bytes (404 until done, or for another user's file)
 * - GET /v1/report/vehicle-models?organisationId=: the filter's "vehicle model" options
 */
import {
  envelopeSchema,
  REPORT_EXPORT_MESSAGES,
  ReportExportRequestSchema,
  ReportExportSchema,
  ReportVehicleModelsQuerySchema,
  ReportVehicleModelsSchema,
} from '@civicfleet/shared';
import { z } from 'zod';
import type { ApiApp, ModuleDeps } from '../../http/types.ts';
import { createFileStorage } from '../../storage/index.ts';
import { REPORT_DEFINITIONS } from './definitions/index.ts';
import { createExportService, type ExportService } from './export/export.service.ts';
import { vehicleModels } from './export/vehicle-models.ts';

const ExportParamsSchema = z.object({ exportId: z.string().max(24) });

/** RFC 6266: an ASCII fallback plus the UTF-8 form (names from exportFileName are ASCII already). */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function registerExportRoutes(app: ApiApp, deps: ModuleDeps): ExportService {
  const service = createExportService({
    db: deps.db,
    clock: deps.clock,
    storage: createFileStorage(deps.env),
    log: app.log,
  });
  app.addHook('onReady', async () => {
    const stale = await service.recover();
    if (stale > 0) app.log.warn({ stale }, 'report exports left unfinished were marked failed');
  });
  app.addHook('onClose', async () => service.close());
  const tags = ['report'];

  for (const definition of REPORT_DEFINITIONS.values()) {
    const { id, title } = definition.meta;
    app.post(
      `/report/${id}/exports`,
      {
        config: { permission: { module: `report-${id}` } },
        schema: {
          tags,
          summary: `${title}: export a file`,
          body: ReportExportRequestSchema,
          response: { 202: envelopeSchema(ReportExportSchema) },
        },
      },
      async (request, reply) => {
        const data = await service.create(request.auth, id, request.body);
        reply.code(202);
        return { success: true, message: REPORT_EXPORT_MESSAGES.queued, data };
      },
    );
  }

  app.get(
    '/report/exports',
    {
      config: { permission: { authenticated: true } },
      schema: { tags, response: { 200: envelopeSchema(z.array(ReportExportSchema)) } },
    },
    async (request) => ({
      success: true,
      message: REPORT_EXPORT_MESSAGES.list,
      data: await service.list(request.auth),
    }),
  );

  app.get(
    '/report/exports/:exportId',
    {
      config: { permission: { authenticated: true } },
      schema: { tags, params: ExportParamsSchema, response: { 200: envelopeSchema(ReportExportSchema) } },
    },
    async (request) => ({
      success: true,
      message: REPORT_EXPORT_MESSAGES.found,
      data: await service.get(request.auth, request.params.exportId),
    }),
  );

  app.get(
    '/report/exports/:exportId/file',
    { config: { permission: { authenticated: true } }, schema: { tags, params: ExportParamsSchema } },
    async (request, reply) => {
      const file = await service.file(request.auth, request.params.exportId);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.bytes.length))
        .header('content-disposition', attachment(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.bytes);
    },
  );

  app.get(
    '/report/vehicle-models',
    {
      config: { permission: { authenticated: true } },
      schema: {
        tags,
        querystring: ReportVehicleModelsQuerySchema,
        response: { 200: envelopeSchema(ReportVehicleModelsSchema) },
      },
    },
    async (request) => ({
      success: true,
      message: REPORT_EXPORT_MESSAGES.vehicleModels,
      data: await vehicleModels(deps.db, request.auth, request.query.organisationId),
    }),
  );
  return service;
}
