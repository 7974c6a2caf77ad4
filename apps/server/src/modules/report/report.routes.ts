/**
 * /v1/report (spec 01 §2.4, spec 02 §7 "Reports"): one `POST /report/<id>/run` per report, guarded by its module
 * `report-<id>`. The answer streams as one JSON text (rows written as the definition yields them), with no socket
 * timeout, so a year of a whole fleet neither blocks nor times out ("daily run (streaming, no timeout)"). Exports and
 * schedules register their own routes (export.routes.ts, schedule.routes.ts).
 */
import { Readable } from 'node:stream';
import { REPORT_DISPLAY_ROW_CAP } from '@civicfleet/shared';
import type { ApiModule } from '../../http/types.ts';
import { REPORT_DEFINITIONS } from './definitions/index.ts';
import { numberedChunks } from './engine/run.ts';
import { registerExportRoutes } from './export.routes.ts';
import { prepareReport } from './report.service.ts';
import { registerScheduleRoutes } from './schedule.routes.ts';

export const reportModule: ApiModule = {
  name: 'report',
  register(app, deps) {
    const tags = ['report'];
    for (const definition of REPORT_DEFINITIONS.values()) {
      const { id, title } = definition.meta;
      app.post(
        `/report/${id}/run`,
        {
          config: { permission: { module: `report-${id}` } },
          schema: { tags, summary: title, body: definition.meta.filter },
        },
        async (request, reply) => {
          const abort = new AbortController();
          // The response's close (not the request's: that fires once the body is read) means the caller went away.
          reply.raw.on('close', () => {
            if (!reply.raw.writableFinished) abort.abort();
          });
          const prepared = await prepareReport(deps, request.auth, id, request.body, abort.signal);
          const generatedAt = deps.clock().toISOString();
          // No socket timeout while rows stream (inject's fake socket has none).
          const socket = request.raw.socket as { setTimeout?: (ms: number) => void } | undefined;
          if (typeof socket?.setTimeout === 'function') socket.setTimeout(0);
          // The first chunk is read before answering: an error there (a 404 inside a definition) is a normal 4xx.
          const chunks = numberedChunks(prepared.definition, prepared.ctx, prepared.filter);
          const first = await chunks.next();
          async function* body() {
            yield `{"success":true,"message":${JSON.stringify(title)},"data":{"rows":[`;
            let total = 0;
            let meta: Record<string, unknown> | undefined;
            let columns: string[] | undefined;
            for (let next = first; !next.done; next = await chunks.next()) {
              const chunk = next.value;
              let text = '';
              for (const row of chunk.rows) {
                if (total < REPORT_DISPLAY_ROW_CAP) text += (total === 0 ? '' : ',') + JSON.stringify(row);
                total += 1;
              }
              if (chunk.meta) meta = chunk.meta;
              if (chunk.columns) columns = chunk.columns;
              if (text) yield text;
            }
            const tail = {
              total,
              truncated: total > REPORT_DISPLAY_ROW_CAP,
              generatedAt,
              ...(meta ? { meta } : {}),
              ...(columns ? { columns } : {}),
            };
            yield `],${JSON.stringify(tail).slice(1)}}`;
          }
          return reply.type('application/json; charset=utf-8').send(Readable.from(body()));
        },
      );
    }
    registerExportRoutes(app, deps);
    registerScheduleRoutes(app, deps);
  },
};
