/** /v1/item calls (contract: packages/shared item.contract.ts) with their query keys, and the form's pickers. */
import {
  ItemPageSchema,
  ItemSchema,
  PoiPageSchema,
  VehiclePageSchema,
  type Item,
  type ItemInput,
  type ItemKind,
  type ListQuery,
} from '@civicfleet/shared';
import { z } from 'zod';
import { apiRequest } from '@/api/client';
import type { PickerQuery } from '@/components/SearchPicker';

export const itemKeys = {
  all: ['items'] as const,
  list: (kind: ItemKind | undefined) => [...itemKeys.all, 'list', { kind }] as const,
  one: (id: string) => [...itemKeys.all, 'one', id] as const,
};

export function listItems(query: ListQuery & { kind?: ItemKind | undefined }) {
  return apiRequest({ method: 'GET', path: '/item', query: { ...query }, schema: ItemPageSchema });
}

export function getItem(id: string): Promise<Item> {
  return apiRequest({ method: 'GET', path: `/item/${id}`, schema: ItemSchema });
}

export function createItem(input: ItemInput): Promise<Item> {
  return apiRequest({ method: 'POST', path: '/item', body: input, schema: ItemSchema });
}

export function updateItem(id: string, input: ItemInput): Promise<Item> {
  return apiRequest({ method: 'PUT', path: `/item/${id}`, body: input, schema: ItemSchema });
}

export function deleteItem(id: string): Promise<null> {
  return apiRequest({ method: 'DELETE', path: `/item/${id}`, schema: z.null() });
}

const PICKER_PAGE_SIZE = 100;

/** Vehicles of one organisation (a tag's vehicle must be of it), by registration, chassis, engine or IMEI. */
export function vehicleOptionsQuery(organisationId: string | undefined): PickerQuery {
  return (search) => ({
    queryKey: ['vehicles', 'options', organisationId, search],
    queryFn: async () => {
      const page = await apiRequest({
        method: 'GET',
        path: '/vehicle',
        query: {
          organisationId,
          search: search || undefined,
          pageSize: PICKER_PAGE_SIZE,
          sortBy: 'registrationNumber',
        },
        schema: VehiclePageSchema,
      });
      return page.items.map((v) => ({ id: v.id, label: v.registrationNumber }));
    },
  });
}

/** POIs of one organisation (a tag's POI must be of its organisation), by name or address. */
export function poiOptionsQuery(organisationId: string | undefined): PickerQuery {
  return (search) => ({
    queryKey: ['pois', 'options', organisationId, search],
    queryFn: async () => {
      const page = await apiRequest({
        method: 'GET',
        path: '/poi',
        query: { organisationId, search: search || undefined, pageSize: PICKER_PAGE_SIZE, sortBy: 'name' },
        schema: PoiPageSchema,
      });
      return page.items.map((p) => ({ id: p.id, label: p.name }));
    },
  });
}
