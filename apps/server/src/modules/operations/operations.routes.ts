/**
 * /v1/operations (issue 7, docs/swm.md): disposal trips, dump-yard presence and entries, dump mismatch, job runs,
 * SLA compliance, the ward / contractor scorecard (JSON and PDF).
 */
import { z } from 'zod';
import {
  DisposalTripRowSchema,
  DisposalTripsQuerySchema,
  DumpMismatchQuerySchema,
  DumpMismatchRowSchema,
  DumpYardEntryInputSchema,
  DumpYardEntryListQuerySchema,
  DumpYardEntryPageSchema,
  DumpYardEntrySchema,
  DumpYardPresenceSchema,
  IdParamsSchema,
  JobRunQuerySchema,
  JobRunSchema,
  ScorecardQuerySchema,
  ScorecardSchema,
  SlaComplianceQuerySchema,
  SlaComplianceRowSchema,
  envelopeSchema,
} from '@civicfleet/shared';
import type { ApiModule } from '../../http/types.ts';
import { findOrganisation } from '../organisation/organisation.repository.ts';
import { actorOf, toId } from '../organisation/scope.ts';
import { createOperationsService } from './operations.service.ts';
import { renderScorecardPdf } from './scorecard-pdf.ts';

const ok = <T>(message: string, data: T) => ({ success: true, message, data });

export const operationsModule: ApiModule = {
  name: 'operations',
  register(app, deps) {
    const service = createOperationsService({ db: deps.db, clock: deps.clock });
    const tags = ['operations'];
    const dumpYard = { module: 'dump-yard' } as const;

    app.get(
      '/operations/trips',
      {
        config: { permission: dumpYard },
        schema: {
          tags,
          querystring: DisposalTripsQuerySchema,
          response: { 200: envelopeSchema(z.array(DisposalTripRowSchema)) },
        },
      },
      async (request) => ok('Disposal trips', await service.trips(request.auth, request.query)),
    );

    app.get(
      '/operations/dump-yard-presence',
      {
        config: { permission: dumpYard },
        schema: { tags, response: { 200: envelopeSchema(DumpYardPresenceSchema) } },
      },
      async (request) => ok('Dump-yard presence', await service.presence(request.auth)),
    );

    app.get(
      '/operations/dump-yard-entry',
      {
        config: { permission: dumpYard },
        schema: {
          tags,
          querystring: DumpYardEntryListQuerySchema,
          response: { 200: envelopeSchema(DumpYardEntryPageSchema) },
        },
      },
      async (request) => ok('Dump-yard entries', await service.listEntries(request.auth, request.query)),
    );

    app.post(
      '/operations/dump-yard-entry',
      {
        config: { permission: { module: 'dump-yard', action: 'add-dump-yard-entry' } },
        schema: {
          tags,
          body: DumpYardEntryInputSchema,
          response: { 200: envelopeSchema(DumpYardEntrySchema) },
        },
      },
      async (request) =>
        ok('Dump-yard entry recorded', await service.createEntry(actorOf(request), request.body)),
    );

    app.delete(
      '/operations/dump-yard-entry/:id',
      {
        config: { permission: { module: 'dump-yard', action: 'delete-dump-yard-entry-result-table' } },
        schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(z.null()) } },
      },
      async (request) => {
        await service.removeEntry(actorOf(request), toId(request.params.id));
        return ok('Dump-yard entry deleted', null);
      },
    );

    app.get(
      '/operations/dump-mismatch',
      {
        config: { permission: dumpYard },
        schema: {
          tags,
          querystring: DumpMismatchQuerySchema,
          response: { 200: envelopeSchema(z.array(DumpMismatchRowSchema)) },
        },
      },
      async (request) => ok('Dump mismatch', await service.mismatch(request.auth, request.query)),
    );

    app.get(
      '/operations/job-runs',
      {
        config: { permission: { module: 'job-run' } },
        schema: {
          tags,
          querystring: JobRunQuerySchema,
          response: { 200: envelopeSchema(z.array(JobRunSchema)) },
        },
      },
      async (request) => ok('Job runs', await service.jobRuns(request.auth, request.query)),
    );

    app.get(
      '/operations/sla-compliance',
      {
        config: { permission: { module: 'scorecard' } },
        schema: {
          tags,
          querystring: SlaComplianceQuerySchema,
          response: { 200: envelopeSchema(z.array(SlaComplianceRowSchema)) },
        },
      },
      async (request) => ok('SLA compliance', await service.sla(request.auth, request.query)),
    );

    app.get(
      '/operations/scorecard',
      {
        config: { permission: { module: 'scorecard' } },
        schema: {
          tags,
          querystring: ScorecardQuerySchema,
          response: { 200: envelopeSchema(ScorecardSchema) },
        },
      },
      async (request) => ok('Scorecard', await service.scorecard(request.auth, request.query)),
    );

    app.get(
      '/operations/scorecard.pdf',
      {
        config: { permission: { module: 'scorecard' } },
        schema: { tags, querystring: ScorecardQuerySchema },
      },
      async (request, reply) => {
        const scorecard = await service.scorecard(request.auth, request.query);
        const organisation = await findOrganisation(deps.db, request.auth.organisationId);
        const pdf = await renderScorecardPdf({
          scorecard,
          brand: deps.brand,
          organisationName: organisation?.tradeName ?? '',
        });
        const fileName = `scorecard-${scorecard.from}-${scorecard.to}.pdf`;
        return reply
          .header('content-type', 'application/pdf')
          .header('content-length', String(pdf.length))
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(pdf);
      },
    );
  },
};
