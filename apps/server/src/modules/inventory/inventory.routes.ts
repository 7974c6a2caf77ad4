/**
 * /v1/erp (spec 02 §7 "Wallet and inventory": {erp}/stock-counts, {erp}/fitment-counts, {erp}/search/{term}):
 * the inventory panel of MANUFACTURER, INVENTORY_MANAGER and RFC roles — permission module `device`.
 */
import {
  FitmentCountsQuerySchema,
  FitmentCountsSchema,
  InventorySearchParamsSchema,
  InventorySearchQuerySchema,
  InventorySearchResultSchema,
  StockCountsQuerySchema,
  StockCountsSchema,
  envelopeSchema,
} from '@civicfleet/shared';
import type { ApiModule } from '../../http/types.ts';
import { createInventoryService } from './inventory.service.ts';

const ok = <T>(message: string, data: T) => ({ success: true, message, data });
const permission = { module: 'device' } as const;

export const inventoryModule: ApiModule = {
  name: 'inventory',
  register(app, deps) {
    const service = createInventoryService({ db: deps.db, clock: deps.clock });
    const tags = ['inventory'];

    app.get(
      '/erp/stock-counts',
      {
        config: { permission },
        schema: {
          tags,
          querystring: StockCountsQuerySchema,
          response: { 200: envelopeSchema(StockCountsSchema) },
        },
      },
      async (request) => ok('Stock counts', await service.stockCounts(request.auth, request.query)),
    );

    app.get(
      '/erp/fitment-counts',
      {
        config: { permission },
        schema: {
          tags,
          querystring: FitmentCountsQuerySchema,
          response: { 200: envelopeSchema(FitmentCountsSchema) },
        },
      },
      async (request) => ok('Fitment counts', await service.fitmentCounts(request.auth, request.query)),
    );

    app.get(
      '/erp/search/:term',
      {
        config: { permission },
        schema: {
          tags,
          params: InventorySearchParamsSchema,
          querystring: InventorySearchQuerySchema,
          response: { 200: envelopeSchema(InventorySearchResultSchema) },
        },
      },
      async (request) =>
        ok('Search results', await service.search(request.auth, request.params.term, request.query)),
    );
  },
};
