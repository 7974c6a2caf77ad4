/**
 * /v1/operations calls (contract: packages/shared operations.contract.ts) with their query keys: disposal trips,
 * dump-yard presence, operator entries, dump mismatch, job runs and the scorecard (its PDF through download.ts).
 */
import {
  DisposalTripRowSchema,
  DumpMismatchRowSchema,
  DumpYardEntryPageSchema,
  DumpYardEntrySchema,
  DumpYardPresenceSchema,
  JobRunSchema,
  ScorecardSchema,
  type DisposalTripRow,
  type DumpMismatchRow,
  type DumpYardEntry,
  type DumpYardEntryInput,
  type DumpYardPresence,
  type JobRun,
  type ListQuery,
  type Scorecard,
  type ScorecardGroupBy,
} from '@civicfleet/shared';
import { z } from 'zod';
import { apiRequest } from '@/api/client';
import type { DayRange } from '../operations-params';

export interface VehicleRange extends DayRange {
  vehicleId?: string | undefined;
}

export interface ScorecardFilters extends DayRange {
  groupBy: ScorecardGroupBy;
}

export const operationsKeys = {
  all: ['operations'] as const,
  presence: () => [...operationsKeys.all, 'presence'] as const,
  trips: (filters: VehicleRange) => [...operationsKeys.all, 'trips', filters] as const,
  entries: () => [...operationsKeys.all, 'entries'] as const,
  entryList: (filters: VehicleRange) => [...operationsKeys.entries(), 'list', filters] as const,
  mismatch: (filters: VehicleRange) => [...operationsKeys.all, 'mismatch', filters] as const,
  jobRuns: (day: string) => [...operationsKeys.all, 'job-runs', day] as const,
  scorecard: (filters: ScorecardFilters) => [...operationsKeys.all, 'scorecard', filters] as const,
};

export function getPresence(signal?: AbortSignal): Promise<DumpYardPresence> {
  return apiRequest({
    method: 'GET',
    path: '/operations/dump-yard-presence',
    schema: DumpYardPresenceSchema,
    signal,
  });
}

export function listTrips(filters: VehicleRange, signal?: AbortSignal): Promise<DisposalTripRow[]> {
  return apiRequest({
    method: 'GET',
    path: '/operations/trips',
    query: { ...filters },
    schema: z.array(DisposalTripRowSchema),
    signal,
  });
}

export function listEntries(query: ListQuery & Partial<VehicleRange>) {
  return apiRequest({
    method: 'GET',
    path: '/operations/dump-yard-entry',
    query: { ...query },
    schema: DumpYardEntryPageSchema,
  });
}

export function createEntry(input: DumpYardEntryInput): Promise<DumpYardEntry> {
  return apiRequest({
    method: 'POST',
    path: '/operations/dump-yard-entry',
    body: input,
    schema: DumpYardEntrySchema,
  });
}

export function deleteEntry(id: string): Promise<unknown> {
  return apiRequest({ method: 'DELETE', path: `/operations/dump-yard-entry/${encodeURIComponent(id)}` });
}

export function listMismatch(filters: VehicleRange, signal?: AbortSignal): Promise<DumpMismatchRow[]> {
  return apiRequest({
    method: 'GET',
    path: '/operations/dump-mismatch',
    query: { ...filters },
    schema: z.array(DumpMismatchRowSchema),
    signal,
  });
}

export function listJobRuns(day: string, signal?: AbortSignal): Promise<JobRun[]> {
  return apiRequest({
    method: 'GET',
    path: '/operations/job-runs',
    query: { day },
    schema: z.array(JobRunSchema),
    signal,
  });
}

export function getScorecard(filters: ScorecardFilters, signal?: AbortSignal): Promise<Scorecard> {
  return apiRequest({
    method: 'GET',
    path: '/operations/scorecard',
    query: { ...filters },
    schema: ScorecardSchema,
    signal,
  });
}

export const SCORECARD_PDF_PATH = '/operations/scorecard.pdf';
