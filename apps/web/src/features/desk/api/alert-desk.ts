/**
 * /v1/alert-desk calls (contract: packages/shared alert-desk.contract.ts, module `sos-desk`) with their query keys.
 * Every action answers the alert with its timeline, which the caller writes into the detail's cache.
 */
import {
  AlertDeskAssigneeListSchema,
  AlertDeskDetailSchema,
  AlertDeskEmergencyOffResultSchema,
  AlertDeskPageSchema,
  type AlertDeskAcknowledge,
  type AlertDeskAssign,
  type AlertDeskClose,
  type AlertDeskDetail,
  type AlertDeskEmergencyOffResult,
  type AlertDeskNote,
  type AlertDeskReopen,
  type AlertDeskPage,
  type AlertDeskType,
  type AlertDeskStatusFilter,
} from '@civicfleet/shared';
import { apiRequest } from '@/api/client';

export const deskKeys = {
  all: ['alert-desk'] as const,
  lists: () => [...deskKeys.all, 'list'] as const,
  list: (status: AlertDeskStatusFilter, page: number, search: string) =>
    [...deskKeys.lists(), status, page, search] as const,
  /** The open alerts of the app-bar indicator and the compact panel (first page, open). */
  open: () => [...deskKeys.lists(), 'open-summary'] as const,
  one: (id: string) => [...deskKeys.all, 'one', id] as const,
  assignees: (search: string) => [...deskKeys.all, 'assignees', search] as const,
};

/** How often the desk asks again when no live alert arrived meanwhile. */
export const DESK_POLL_MS = 15_000;

export interface DeskListQuery {
  status: AlertDeskStatusFilter;
  page: number;
  pageSize: number;
  search?: string | undefined;
  type?: AlertDeskType | undefined;
  vehicleId?: string | undefined;
}

export function listDeskAlerts(query: DeskListQuery): Promise<AlertDeskPage> {
  return apiRequest({ method: 'GET', path: '/alert-desk', query: { ...query }, schema: AlertDeskPageSchema });
}

export function getDeskAlert(id: string): Promise<AlertDeskDetail> {
  return apiRequest({ method: 'GET', path: `/alert-desk/${id}`, schema: AlertDeskDetailSchema });
}

const act = (id: string, action: string, body: unknown): Promise<AlertDeskDetail> =>
  apiRequest({ method: 'POST', path: `/alert-desk/${id}/${action}`, body, schema: AlertDeskDetailSchema });

export const acknowledgeAlert = (id: string, body: AlertDeskAcknowledge) => act(id, 'acknowledge', body);
export const assignAlert = (id: string, body: AlertDeskAssign) => act(id, 'assign', body);
export const addAlertNote = (id: string, body: AlertDeskNote) => act(id, 'note', body);
export const closeAlert = (id: string, body: AlertDeskClose) => act(id, 'close', body);
export const reopenAlert = (id: string, body: AlertDeskReopen) => act(id, 'reopen', body);

export function sendEmergencyOff(id: string, note?: string): Promise<AlertDeskEmergencyOffResult> {
  return apiRequest({
    method: 'POST',
    path: `/alert-desk/${id}/emergency-off`,
    body: { confirm: true, note },
    schema: AlertDeskEmergencyOffResultSchema,
  });
}

/** Users an alert can be assigned to (the assign picker), `{ id, label }` for SearchSelect. */
export async function searchAssignees(search: string) {
  const users = await apiRequest({
    method: 'GET',
    path: '/alert-desk/assignees',
    query: { search: search || undefined },
    schema: AlertDeskAssigneeListSchema,
  });
  return users.map((u) => ({ id: u.id, label: `${u.name} (${u.organisationName})` }));
}
