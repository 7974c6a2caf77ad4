/**
 * /v1/forwarding (module `forwarding`, docs/forwarding.md): targets (webhook / emergency) with their delivery stats,
 * "send test", and each target's dead letters (list, retry, delete). Reading needs the module; writes need its actions.
 */
import { z } from 'zod';
import {
  ForwardDeadLetterQuerySchema,
  ForwardDeadLetterSchema,
  ForwardCountSchema,
  ForwardTargetInputSchema,
  ForwardTargetSchema,
  ForwardTestResultSchema,
  IdParamsSchema,
  IdSchema,
  envelopeSchema,
} from '@civicfleet/shared';
import type { ApiModule } from '../../http/types.ts';
import { actorOf, toId } from '../organisation/scope.ts';
import { createForwardingService } from './forwarding.service.ts';

const ok = <T>(message: string, data: T) => ({ success: true, message, data });
const MODULE = 'forwarding';
const ADD = { module: MODULE, action: 'add-forward-target' };
const EDIT = { module: MODULE, action: 'edit-forward-target-result-table' };
const DELETE = { module: MODULE, action: 'delete-forward-target-result-table' };
const DEAD_LETTERS = { module: MODULE, action: 'retry-dead-letter' };
const LetterParamsSchema = z.object({ id: IdSchema, letterId: IdSchema });
const CountSchema = envelopeSchema(ForwardCountSchema);

export const forwardingModule: ApiModule = {
  name: 'forwarding',
  register(app, deps) {
    const service = createForwardingService(deps);
    const tags = ['forwarding'];
    const base = '/forwarding/targets';

    app.get(
      base,
      {
        config: { permission: { module: MODULE } },
        schema: { tags, response: { 200: envelopeSchema(z.array(ForwardTargetSchema)) } },
      },
      async (request) => ok('Forwarding targets', await service.list(request.auth)),
    );

    app.get(
      `${base}/:id`,
      {
        config: { permission: { module: MODULE } },
        schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(ForwardTargetSchema) } },
      },
      async (request) => ok('Forwarding target', await service.get(request.auth, toId(request.params.id))),
    );

    app.post(
      base,
      {
        config: { permission: ADD },
        schema: {
          tags,
          body: ForwardTargetInputSchema,
          response: { 200: envelopeSchema(ForwardTargetSchema) },
        },
      },
      async (request) =>
        ok('Forwarding target created', await service.create(actorOf(request), request.body)),
    );

    app.put(
      `${base}/:id`,
      {
        config: { permission: EDIT },
        schema: {
          tags,
          params: IdParamsSchema,
          body: ForwardTargetInputSchema,
          response: { 200: envelopeSchema(ForwardTargetSchema) },
        },
      },
      async (request) =>
        ok(
          'Forwarding target updated',
          await service.update(actorOf(request), toId(request.params.id), request.body),
        ),
    );

    app.delete(
      `${base}/:id`,
      {
        config: { permission: DELETE },
        schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(z.null()) } },
      },
      async (request) => {
        await service.remove(actorOf(request), toId(request.params.id));
        return ok('Forwarding target deleted', null);
      },
    );

    app.post(
      `${base}/:id/test`,
      {
        config: { permission: EDIT },
        schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(ForwardTestResultSchema) } },
      },
      async (request) => {
        const result = await service.test(request.auth, toId(request.params.id));
        return ok(result.ok ? 'The receiver accepted the test' : 'The test failed', result);
      },
    );

    app.get(
      `${base}/:id/dead-letters`,
      {
        config: { permission: { module: MODULE } },
        schema: {
          tags,
          params: IdParamsSchema,
          querystring: ForwardDeadLetterQuerySchema,
          response: { 200: envelopeSchema(z.array(ForwardDeadLetterSchema)) },
        },
      },
      async (request) =>
        ok(
          'Dead letters',
          await service.deadLetters(request.auth, toId(request.params.id), request.query.limit),
        ),
    );

    app.post(
      `${base}/:id/dead-letters/retry`,
      {
        config: { permission: DEAD_LETTERS },
        schema: { tags, params: IdParamsSchema, response: { 200: CountSchema } },
      },
      async (request) => {
        const requeued = await service.retry(actorOf(request), toId(request.params.id));
        return ok(`${requeued} dead letters queued again`, { count: requeued });
      },
    );

    app.post(
      `${base}/:id/dead-letters/:letterId/retry`,
      {
        config: { permission: DEAD_LETTERS },
        schema: { tags, params: LetterParamsSchema, response: { 200: CountSchema } },
      },
      async (request) => {
        const { id, letterId } = request.params;
        const requeued = await service.retry(actorOf(request), toId(id), toId(letterId));
        return ok('Dead letter queued again', { count: requeued });
      },
    );

    app.delete(
      `${base}/:id/dead-letters`,
      {
        config: { permission: DEAD_LETTERS },
        schema: { tags, params: IdParamsSchema, response: { 200: CountSchema } },
      },
      async (request) => {
        const deleted = await service.discard(actorOf(request), toId(request.params.id));
        return ok(`${deleted} dead letters deleted`, { count: deleted });
      },
    );

    app.delete(
      `${base}/:id/dead-letters/:letterId`,
      {
        config: { permission: DEAD_LETTERS },
        schema: { tags, params: LetterParamsSchema, response: { 200: CountSchema } },
      },
      async (request) => {
        const { id, letterId } = request.params;
        const deleted = await service.discard(actorOf(request), toId(id), toId(letterId));
        return ok('Dead letter deleted', { count: deleted });
      },
    );
  },
};
