/** GET /v1/check-port?host=&port= (public; contract in packages/shared port-check.contract.ts). */
import { PortCheckResultSchema, type PortCheckResult } from '@civicfleet/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';

export interface PortCheckInput {
  host: string;
  port: number;
}

export function checkPort({ host, port }: PortCheckInput): Promise<PortCheckResult> {
  return apiRequest({
    method: 'GET',
    path: '/check-port',
    query: { host, port },
    schema: PortCheckResultSchema,
    anonymous: true,
  });
}

export function useCheckPort() {
  return useMutation({ mutationFn: checkPort });
}
