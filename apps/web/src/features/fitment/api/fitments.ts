/**
 * /v1/fitment and /v1/activation calls (contracts: packages/shared fitment.contract.ts, activation.contract.ts) with
 * their query keys.
 */
import {
  ActivationBulkResultSchema,
  ActivationChangeResultSchema,
  ActivationPlansSchema,
  FitmentPageSchema,
  FitmentRowSchema,
  FitmentSaveResultSchema,
  type ActivationBulkResult,
  type ActivationBulkRow,
  type ActivationChangeResult,
  type ActivationPlan,
  type ActivationStatus,
  type FitmentInput,
  type FitmentRow,
  type ListQuery,
} from '@civicfleet/shared';
import { z } from 'zod';
import { apiRequest } from '@/api/client';

/** The list's own filters (kept in the URL by the page). */
export interface FitmentFilters {
  activationStatus?: ActivationStatus | undefined;
  /** 'YYYY-MM-DD', inclusive. */
  fromDate?: string | undefined;
  toDate?: string | undefined;
}

export const fitmentKeys = {
  all: ['fitments'] as const,
  list: (filters: FitmentFilters) => [...fitmentKeys.all, 'list', filters] as const,
  one: (id: string) => [...fitmentKeys.all, 'one', id] as const,
  plans: ['activation-plans'] as const,
};

export function listFitments(query: ListQuery & FitmentFilters) {
  return apiRequest({ method: 'GET', path: '/fitment', query: { ...query }, schema: FitmentPageSchema });
}

export function getFitment(id: string): Promise<FitmentRow> {
  return apiRequest({ method: 'GET', path: `/fitment/${id}`, schema: FitmentRowSchema });
}

export function createFitment(input: FitmentInput): Promise<FitmentRow> {
  return apiRequest({ method: 'POST', path: '/fitment', body: input, schema: FitmentSaveResultSchema });
}

export function updateFitment(id: string, input: FitmentInput): Promise<FitmentRow> {
  return apiRequest({ method: 'PUT', path: `/fitment/${id}`, body: input, schema: FitmentSaveResultSchema });
}

export function listActivationPlans(): Promise<ActivationPlan[]> {
  return apiRequest({ method: 'GET', path: '/activation-plans', schema: ActivationPlansSchema });
}

export function approveActivation(id: string): Promise<ActivationChangeResult> {
  return apiRequest({
    method: 'PUT',
    path: `/activation/approve/${id}`,
    schema: ActivationChangeResultSchema,
  });
}

export function undoActivation(id: string): Promise<ActivationChangeResult> {
  return apiRequest({ method: 'PUT', path: `/activation/undo/${id}`, schema: ActivationChangeResultSchema });
}

export function bulkCreateActivations(rows: ActivationBulkRow[]): Promise<ActivationBulkResult> {
  return apiRequest({
    method: 'POST',
    path: '/activation/bulk',
    body: { rows },
    schema: ActivationBulkResultSchema,
  });
}

/** Unused data of a deleted row is dropped by the server; the answer carries nothing the console reads. */
export function deleteFitment(id: string): Promise<unknown> {
  return apiRequest({ method: 'DELETE', path: `/fitment/${id}`, schema: z.unknown() });
}
