/**
 * /v1/complaint calls (contract: packages/shared complaint.contract.ts) with their query keys, and the staff picker's
 * GET /v1/staff (module `staff`; a caller without it, or a server without the people module, gets no list).
 */
import {
  ComplaintDetailSchema,
  ComplaintEvidenceSchema,
  ComplaintPageSchema,
  StaffPageSchema,
  type ComplaintAssign,
  type ComplaintCategory,
  type ComplaintDetail,
  type ComplaintEvidence,
  type ComplaintInputValues,
  type ComplaintResolveInput,
  type ComplaintStatusFilter,
  type Envelope,
  type ListQuery,
  type Staff,
} from '@civicfleet/shared';
import { ApiError, apiEnvelope, apiRequest } from '@/api/client';

/** The list's own filters (the URL's), as GET /complaint takes them. */
export interface ComplaintFilters {
  status?: ComplaintStatusFilter | undefined;
  category?: ComplaintCategory | undefined;
  wardId?: string | undefined;
  overdue?: 'true' | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export const complaintKeys = {
  all: ['complaint'] as const,
  list: (filters: ComplaintFilters) => [...complaintKeys.all, 'list', filters] as const,
  one: (id: string) => [...complaintKeys.all, 'one', id] as const,
  evidence: (id: string, radiusM: number) => [...complaintKeys.all, 'evidence', id, radiusM] as const,
};

export function listComplaints(query: ListQuery & ComplaintFilters) {
  return apiRequest({ method: 'GET', path: '/complaint', query: { ...query }, schema: ComplaintPageSchema });
}

export function getComplaint(id: string): Promise<ComplaintDetail> {
  return apiRequest({ method: 'GET', path: `/complaint/${id}`, schema: ComplaintDetailSchema });
}

export function getEvidence(id: string, radiusM: number): Promise<ComplaintEvidence> {
  return apiRequest({
    method: 'GET',
    path: `/complaint/${id}/evidence`,
    query: { radiusM },
    schema: ComplaintEvidenceSchema,
  });
}

export function createComplaint(input: ComplaintInputValues): Promise<ComplaintDetail> {
  return apiRequest({ method: 'POST', path: '/complaint', body: input, schema: ComplaintDetailSchema });
}

export function updateComplaint(id: string, input: ComplaintInputValues): Promise<ComplaintDetail> {
  return apiRequest({ method: 'PUT', path: `/complaint/${id}`, body: input, schema: ComplaintDetailSchema });
}

export function assignComplaint(id: string, body: ComplaintAssign): Promise<ComplaintDetail> {
  return apiRequest({
    method: 'POST',
    path: `/complaint/${id}/assign`,
    body,
    schema: ComplaintDetailSchema,
  });
}

export function addComplaintNote(id: string, note: string): Promise<ComplaintDetail> {
  return apiRequest({
    method: 'POST',
    path: `/complaint/${id}/note`,
    body: { note },
    schema: ComplaintDetailSchema,
  });
}

/** The whole envelope: its message says so when no vehicle passed. */
export function resolveComplaint(
  id: string,
  body: ComplaintResolveInput,
): Promise<Envelope<ComplaintDetail>> {
  return apiEnvelope({
    method: 'POST',
    path: `/complaint/${id}/resolve`,
    body,
    schema: ComplaintDetailSchema,
  });
}

export function reopenComplaint(id: string, reason: string): Promise<ComplaintDetail> {
  return apiRequest({
    method: 'POST',
    path: `/complaint/${id}/reopen`,
    body: { reason },
    schema: ComplaintDetailSchema,
  });
}

/** Active staff of the caller's organisations matching `search`; null when the list is not available to the caller. */
export function staffOptionsQuery(search: string) {
  return {
    queryKey: ['staff', 'complaint-options', search] as const,
    queryFn: async (): Promise<Staff[] | null> => {
      try {
        const page = await apiRequest({
          method: 'GET',
          path: '/staff',
          query: { search: search || undefined, active: 'true', pageSize: 25, sortBy: 'name' },
          schema: StaffPageSchema,
        });
        return page.items;
      } catch (error) {
        if (error instanceof ApiError && [403, 404].includes(error.status)) return null;
        throw error;
      }
    },
    retry: false,
  };
}
