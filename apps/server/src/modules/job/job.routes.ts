/** /v1/job (spec 01 §2.6 "job (list, add)"; spec 01 §7 endpoint root "job-schedule"). Static paths before /job/:id. */
import { z } from 'zod';
import {
  ActiveJobSchema,
  IdParamsSchema,
  JobActiveQuerySchema,
  JobInputSchema,
  JobListQuerySchema,
  JobPageSchema,
  JobSchema,
  envelopeSchema,
} from '@civicfleet/shared';
import type { ApiModule } from '../../http/types.ts';
import { actorOf, toId } from '../organisation/scope.ts';
import { createJobService } from './job.service.ts';

const ok = <T>(message: string, data: T) => ({ success: true, message, data });
const MODULE = 'job';

export const jobModule: ApiModule = {
  name: 'job',
  register(app, deps) {
    const service = createJobService({ db: deps.db });
    const tags = ['job'];

    app.get(
      '/job',
      {
        config: { permission: { module: MODULE } },
        schema: { tags, querystring: JobListQuerySchema, response: { 200: envelopeSchema(JobPageSchema) } },
      },
      async (request) => ok('Jobs', await service.list(request.auth, request.query)),
    );

    app.get(
      '/job/active',
      {
        config: { permission: { module: MODULE } },
        schema: {
          tags,
          querystring: JobActiveQuerySchema,
          response: { 200: envelopeSchema(z.array(ActiveJobSchema)) },
        },
      },
      async (request) => ok('Active jobs', await service.active(request.auth, request.query)),
    );

    app.get(
      '/job/:id',
      {
        config: { permission: { module: MODULE } },
        schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(JobSchema) } },
      },
      async (request) => ok('Job', await service.get(request.auth, toId(request.params.id))),
    );

    app.post(
      '/job',
      {
        config: { permission: { module: MODULE, action: 'add-job' } },
        schema: { tags, body: JobInputSchema, response: { 200: envelopeSchema(JobSchema) } },
      },
      async (request) => ok('Job created', await service.create(actorOf(request), request.body)),
    );

    app.put(
      '/job/:id',
      {
        config: { permission: { module: MODULE, action: 'edit-job-result-table' } },
        schema: {
          tags,
          params: IdParamsSchema,
          body: JobInputSchema,
          response: { 200: envelopeSchema(JobSchema) },
        },
      },
      async (request) =>
        ok('Job updated', await service.update(actorOf(request), toId(request.params.id), request.body)),
    );

    app.delete(
      '/job/:id',
      {
        config: { permission: { module: MODULE, action: 'delete-job-result-table' } },
        schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(z.null()) } },
      },
      async (request) => {
        await service.remove(actorOf(request), toId(request.params.id));
        return ok('Job deleted', null);
      },
    );
  },
};
