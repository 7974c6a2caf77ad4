/** /v1/forwarding calls (contract: packages/shared forwarding.contract.ts) with their query keys. */
import {
  ForwardCountSchema,
  ForwardDeadLetterSchema,
  ForwardTargetSchema,
  ForwardTestResultSchema,
  type ForwardDeadLetter,
  type ForwardTarget,
  type ForwardTargetInput,
  type ForwardTestResult,
} from '@civicfleet/shared';
import { z } from 'zod';
import { apiRequest } from '@/api/client';

const BASE = '/forwarding/targets';

export const forwardingKeys = {
  all: ['forwarding'] as const,
  targets: () => [...forwardingKeys.all, 'targets'] as const,
  deadLetters: (targetId: string) => [...forwardingKeys.all, 'dead-letters', targetId] as const,
};

export function listTargets(): Promise<ForwardTarget[]> {
  return apiRequest({ method: 'GET', path: BASE, schema: z.array(ForwardTargetSchema) });
}

export function saveTarget(id: string | null, input: ForwardTargetInput): Promise<ForwardTarget> {
  return apiRequest({
    method: id ? 'PUT' : 'POST',
    path: id ? `${BASE}/${id}` : BASE,
    body: input,
    schema: ForwardTargetSchema,
  });
}

export function deleteTarget(id: string): Promise<null> {
  return apiRequest({ method: 'DELETE', path: `${BASE}/${id}`, schema: z.null() });
}

export function testTarget(id: string): Promise<ForwardTestResult> {
  return apiRequest({ method: 'POST', path: `${BASE}/${id}/test`, schema: ForwardTestResultSchema });
}

export function listDeadLetters(targetId: string): Promise<ForwardDeadLetter[]> {
  return apiRequest({
    method: 'GET',
    path: `${BASE}/${targetId}/dead-letters`,
    schema: z.array(ForwardDeadLetterSchema),
  });
}

/** Back to the queue: one dead letter, or all of the target's. */
export async function retryDeadLetters(targetId: string, letterId?: string): Promise<number> {
  const path = letterId
    ? `${BASE}/${targetId}/dead-letters/${letterId}/retry`
    : `${BASE}/${targetId}/dead-letters/retry`;
  return (await apiRequest({ method: 'POST', path, schema: ForwardCountSchema })).count;
}

export async function deleteDeadLetters(targetId: string): Promise<number> {
  return (
    await apiRequest({
      method: 'DELETE',
      path: `${BASE}/${targetId}/dead-letters`,
      schema: ForwardCountSchema,
    })
  ).count;
}

/** The body of an update from a target as listed (the secret is omitted: the server keeps it). */
export function inputOf(target: ForwardTarget, over: Partial<ForwardTargetInput> = {}): ForwardTargetInput {
  return {
    name: target.name,
    kind: target.kind,
    enabled: target.enabled,
    url: target.url,
    host: target.host,
    port: target.port,
    sendPositions: target.sendPositions,
    sendAlerts: target.sendAlerts,
    eventTypes: target.eventTypes,
    batchSize: target.batchSize,
    timeoutMs: target.timeoutMs,
    ...over,
  };
}
