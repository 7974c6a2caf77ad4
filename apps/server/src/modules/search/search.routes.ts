/** GET /v1/search?query=&type= — the header's global search (spec 01 §2.9; the spec does not show the path). */
import { SearchQuerySchema, SearchResultSchema, envelopeSchema } from '@civicfleet/shared';
import type { ApiModule } from '../../http/types.ts';
import { createSearchService } from './search.service.ts';

export const searchModule: ApiModule = {
  name: 'search',
  register(app, deps) {
    const service = createSearchService({ db: deps.db });

    // Any signed-in user; each result kind is filtered by the caller's own permissions and scope.
    app.get(
      '/search',
      {
        config: { permission: { authenticated: true } },
        schema: {
          tags: ['search'],
          querystring: SearchQuerySchema,
          response: { 200: envelopeSchema(SearchResultSchema) },
        },
      },
      async (request) => ({
        success: true,
        message: 'Search results',
        data: await service.search(request.auth, request.query),
      }),
    );
  },
};
