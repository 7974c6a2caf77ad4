/**
 * /v1/complaint: citizen complaints (issue 7; README.md). Thin: parse, call the service, wrap in the envelope.
 * Module `complaint`; each step needs its action.
 */
import {
  ComplaintAssignSchema,
  ComplaintDetailSchema,
  ComplaintEvidenceQuerySchema,
  ComplaintEvidenceSchema,
  ComplaintInputSchema,
  ComplaintListQuerySchema,
  ComplaintNoteSchema,
  ComplaintPageSchema,
  ComplaintReopenSchema,
  ComplaintResolveSchema,
  IdParamsSchema,
  envelopeSchema,
  type ComplaintDetail,
} from '@civicfleet/shared';
import type { ApiModule } from '../../http/types.ts';
import { actorOf, toId } from '../organisation/scope.ts';
import { createComplaintService } from './complaint.service.ts';

const ok = <T>(message: string, data: T) => ({ success: true, message, data });
const MODULE = 'complaint';

/** The resolve answer says it loudly when no vehicle passed: the closure is then worth checking. */
function resolvedMessage(complaint: ComplaintDetail): string {
  const evidence = complaint.evidence;
  if (evidence && !evidence.anyVehiclePassed)
    return `Complaint resolved. No vehicle passed within ${evidence.radiusM} m of the location in the window.`;
  return 'Complaint resolved';
}

export const complaintModule: ApiModule = {
  name: 'complaint',
  register(app, deps) {
    const service = createComplaintService({ db: deps.db, clock: deps.clock });
    const tags = ['complaint'];
    const detail = { 200: envelopeSchema(ComplaintDetailSchema) };

    app.get(
      '/complaint',
      {
        config: { permission: { module: MODULE } },
        schema: {
          tags,
          querystring: ComplaintListQuerySchema,
          response: { 200: envelopeSchema(ComplaintPageSchema) },
        },
      },
      async (request) => ok('Complaints', await service.list(request.auth, request.query)),
    );

    app.get(
      '/complaint/:id',
      {
        config: { permission: { module: MODULE } },
        schema: { tags, params: IdParamsSchema, response: detail },
      },
      async (request) => ok('Complaint', await service.get(request.auth, toId(request.params.id))),
    );

    app.get(
      '/complaint/:id/evidence',
      {
        config: { permission: { module: MODULE } },
        schema: {
          tags,
          params: IdParamsSchema,
          querystring: ComplaintEvidenceQuerySchema,
          response: { 200: envelopeSchema(ComplaintEvidenceSchema) },
        },
      },
      async (request) =>
        ok('GPS evidence', await service.evidence(request.auth, toId(request.params.id), request.query)),
    );

    app.post(
      '/complaint',
      {
        config: { permission: { module: MODULE, action: 'add-complaint' } },
        schema: { tags, body: ComplaintInputSchema, response: detail },
      },
      async (request) => ok('Complaint raised', await service.create(actorOf(request), request.body)),
    );

    app.put(
      '/complaint/:id',
      {
        config: { permission: { module: MODULE, action: 'edit-complaint-result-table' } },
        schema: { tags, params: IdParamsSchema, body: ComplaintInputSchema, response: detail },
      },
      async (request) =>
        ok(
          'Complaint updated',
          await service.update(actorOf(request), toId(request.params.id), request.body),
        ),
    );

    app.post(
      '/complaint/:id/assign',
      {
        config: { permission: { module: MODULE, action: 'assign-complaint' } },
        schema: { tags, params: IdParamsSchema, body: ComplaintAssignSchema, response: detail },
      },
      async (request) =>
        ok(
          'Complaint assigned',
          await service.assign(actorOf(request), toId(request.params.id), request.body),
        ),
    );

    app.post(
      '/complaint/:id/note',
      {
        config: { permission: { module: MODULE, action: 'edit-complaint-result-table' } },
        schema: { tags, params: IdParamsSchema, body: ComplaintNoteSchema, response: detail },
      },
      async (request) =>
        ok('Note added', await service.note(actorOf(request), toId(request.params.id), request.body)),
    );

    app.post(
      '/complaint/:id/resolve',
      {
        config: { permission: { module: MODULE, action: 'resolve-complaint' } },
        schema: { tags, params: IdParamsSchema, body: ComplaintResolveSchema, response: detail },
      },
      async (request) => {
        const complaint = await service.resolve(actorOf(request), toId(request.params.id), request.body);
        return ok(resolvedMessage(complaint), complaint);
      },
    );

    app.post(
      '/complaint/:id/reopen',
      {
        config: { permission: { module: MODULE, action: 'reopen-complaint' } },
        schema: { tags, params: IdParamsSchema, body: ComplaintReopenSchema, response: detail },
      },
      async (request) =>
        ok(
          'Complaint reopened',
          await service.reopen(actorOf(request), toId(request.params.id), request.body),
        ),
    );
  },
};
