/**
 * /v1/share (signed in) and /v1/public/share (anyone with the link): share links of live tracking, a playback window
 * or a collection view (spec 01 §2.1 public routes; issue 5 "Public sharing"). The live feed of a link is
 * /v1/live?share=<token> (share-live-session.ts). Rules in share.service.ts and share-public.service.ts.
 *
 * The signed-in routes declare `authenticated`: which permission applies depends on the link's kind
 * (SHAREABLE_BY), so the service enforces it — creating a kind the caller may not share is a 403, and links of such
 * kinds are not listed or revocable (404).
 */
import {
  CreatedShareSchema,
  IdParamsSchema,
  PublicShareSchema,
  ShareInputSchema,
  ShareListQuerySchema,
  SharePageSchema,
  ShareSchema,
  ShareTokenQuerySchema,
  envelopeSchema,
} from '@civicfleet/shared';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { TooManyRequestsError } from '../../http/errors.ts';
import { memoryLimiters } from '../../http/rate-limit.ts';
import type { ApiModule } from '../../http/types.ts';
import { actorOf, toId } from '../organisation/scope.ts';
import { createSharePlayback, maxPlaybackDays } from './share-playback.ts';
import { createSharePublicService } from './share-public.service.ts';
import { createShareService } from './share.service.ts';

/** Public reads per client IP per minute (a viewer loads the page once, then follows the socket). */
export const PUBLIC_SHARE_READS_PER_MINUTE = 120;
export const PUBLIC_SHARE_RATE_MESSAGE = 'Too many requests for shared links. Try again shortly.';

const ok = <T>(message: string, data: T) => ({ success: true, message, data });

export const shareModule: ApiModule = {
  name: 'share',
  register(app, deps) {
    const service = createShareService({
      db: deps.db,
      clock: deps.clock,
      bus: deps.bus,
      publicUrl: deps.env.publicUrl,
      maxPlaybackDays: (organisationId) => maxPlaybackDays(deps.db, organisationId),
    });
    const playback = createSharePlayback(deps);
    app.addHook('onClose', async () => playback.close());
    const publicService = createSharePublicService({
      db: deps.db,
      clock: deps.clock,
      playbackOf: playback.playbackOf,
    });
    const limiter = memoryLimiters({
      keyPrefix: 'public_share',
      points: PUBLIC_SHARE_READS_PER_MINUTE,
      duration: 60,
    });
    const tags = ['share'];

    app.post(
      '/share',
      {
        config: { permission: { authenticated: true } },
        schema: { tags, body: ShareInputSchema, response: { 200: envelopeSchema(CreatedShareSchema) } },
      },
      async (request) => ok('Share link created', await service.create(actorOf(request), request.body)),
    );

    app.get(
      '/share',
      {
        config: { permission: { authenticated: true } },
        schema: {
          tags,
          querystring: ShareListQuerySchema,
          response: { 200: envelopeSchema(SharePageSchema) },
        },
      },
      async (request) => ok('Share links', await service.list(request.auth, request.query)),
    );

    app.delete(
      '/share/:id',
      {
        config: { permission: { authenticated: true } },
        schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(ShareSchema) } },
      },
      async (request) =>
        ok('Share link revoked', await service.revoke(actorOf(request), toId(request.params.id))),
    );

    app.get(
      '/public/share',
      {
        config: { permission: { public: true } },
        schema: {
          tags,
          querystring: ShareTokenQuerySchema,
          response: { 200: envelopeSchema(PublicShareSchema) },
        },
        // Counted before validation, so malformed attempts use up the allowance too.
        onRequest: async (request) => {
          try {
            await limiter.consume(request.ip);
          } catch (error) {
            if (error instanceof RateLimiterRes)
              throw new TooManyRequestsError(PUBLIC_SHARE_RATE_MESSAGE, error.msBeforeNext / 1000);
            throw error;
          }
        },
      },
      async (request, reply) => {
        // The answer is personal to the token: never kept by a shared cache.
        void reply.header('cache-control', 'no-store');
        return ok('Shared view', await publicService.view(request.query.token));
      },
    );
  },
};
