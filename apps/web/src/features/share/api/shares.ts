/**
 * /v1/share calls (contract: packages/shared share.contract.ts) with their query keys: create (the only answer with
 * the link), list, revoke; and the public GET /v1/public/share?token= the shared pages read without signing in.
 */
import {
  CreatedShareSchema,
  PublicShareSchema,
  SharePageSchema,
  ShareSchema,
  type CreatedShare,
  type PublicShare,
  type Share,
  type ShareInputBody,
  type ShareKind,
  type ShareStatus,
} from '@civicfleet/shared';
import { apiRequest } from '@/api/client';

export interface ShareListFilter {
  page: number;
  pageSize: number;
  kind?: ShareKind | undefined;
  status?: ShareStatus | undefined;
  vehicleId?: string | undefined;
  search?: string | undefined;
}

export const shareKeys = {
  all: ['shares'] as const,
  lists: () => [...shareKeys.all, 'list'] as const,
  list: (filter: ShareListFilter) => [...shareKeys.lists(), filter] as const,
  public: (token: string) => ['public-share', token] as const,
};

export function listShares(filter: ShareListFilter) {
  return apiRequest({
    method: 'GET',
    path: '/share',
    query: { ...filter, sortBy: 'createdAt', sortOrder: 'desc' },
    schema: SharePageSchema,
  });
}

export function createShare(input: ShareInputBody): Promise<CreatedShare> {
  return apiRequest({ method: 'POST', path: '/share', body: input, schema: CreatedShareSchema });
}

export function revokeShare(id: string): Promise<Share> {
  return apiRequest({ method: 'DELETE', path: `/share/${id}`, schema: ShareSchema });
}

export function getPublicShare(token: string): Promise<PublicShare> {
  return apiRequest({
    method: 'GET',
    path: '/public/share',
    query: { token },
    schema: PublicShareSchema,
    anonymous: true,
  });
}
