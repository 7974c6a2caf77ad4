/** GET /v1/raw-logs (contract: packages/shared raw-log.contract.ts). */
import { RawLogPageSchema, type ListQuery } from '@civicfleet/shared';
import { apiRequest } from '@/api/client';

export const rawLogKeys = {
  all: ['raw-logs'] as const,
  list: (imei: string) => [...rawLogKeys.all, 'list', { imei }] as const,
};

export function listRawLogs(query: ListQuery & { imei?: string | undefined }) {
  return apiRequest({ method: 'GET', path: '/raw-logs', query: { ...query }, schema: RawLogPageSchema });
}
