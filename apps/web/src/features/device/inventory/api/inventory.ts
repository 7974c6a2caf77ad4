/** /v1/erp inventory calls (contract: packages/shared inventory.contract.ts) with their query keys. */
import {
  FitmentCountsSchema,
  InventorySearchResultSchema,
  StockCountsSchema,
  type FitmentCounts,
  type FitmentCountGroup,
  type InventoryFeature,
  type InventorySearchResult,
  type StockCounts,
} from '@civicfleet/shared';
import { apiRequest } from '@/api/client';

export interface FitmentCountsFilter {
  fromDate: string;
  toDate: string;
  groupBy: FitmentCountGroup;
}

export const inventoryKeys = {
  all: ['inventory'] as const,
  stock: () => [...inventoryKeys.all, 'stock'] as const,
  fitments: (filter: FitmentCountsFilter) => [...inventoryKeys.all, 'fitments', filter] as const,
  search: (term: string, inFeature: InventoryFeature | '') =>
    [...inventoryKeys.all, 'search', term, inFeature] as const,
};

export function getStockCounts(): Promise<StockCounts> {
  return apiRequest({ method: 'GET', path: '/erp/stock-counts', schema: StockCountsSchema });
}

export function getFitmentCounts(filter: FitmentCountsFilter): Promise<FitmentCounts> {
  return apiRequest({
    method: 'GET',
    path: '/erp/fitment-counts',
    query: { ...filter },
    schema: FitmentCountsSchema,
  });
}

/** Where a device is: stock, fitments and SIM orders matching an IMEI, ICCID, SIM or registration number. */
export function searchInventory(
  term: string,
  inFeature: InventoryFeature | '',
): Promise<InventorySearchResult> {
  return apiRequest({
    method: 'GET',
    path: `/erp/search/${encodeURIComponent(term)}`,
    query: { inFeature: inFeature || undefined },
    schema: InventorySearchResultSchema,
  });
}
