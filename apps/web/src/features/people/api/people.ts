/**
 * /v1/staff, /v1/vehicle-allocation and /v1/attendance calls (contract: packages/shared people.contract.ts) with their
 * query keys, and the pickers the screens use (vehicles, staff, wards, circles).
 */
import {
  AdminDivisionSchema,
  AttendanceBoardSchema,
  AttendanceRowSchema,
  DriverChangeSchema,
  StaffPageSchema,
  StaffSchema,
  VehicleAllocationPageSchema,
  VehicleAllocationSchema,
  VehiclePageSchema,
  type AdminDivision,
  type AttendanceBoard,
  type AttendanceFilter,
  type AttendanceMark,
  type AttendanceRow,
  type DriverChange,
  type ListQuery,
  type Staff,
  type StaffInput,
  type StaffRole,
  type VehicleAllocation,
  type VehicleAllocationInput,
} from '@civicfleet/shared';
import { z } from 'zod';
import { apiRequest } from '@/api/client';
import type { PickerQuery } from '@/components/SearchPicker';

export const peopleKeys = {
  all: ['people'] as const,
  staff: () => [...peopleKeys.all, 'staff'] as const,
  staffOne: (id: string) => [...peopleKeys.staff(), 'one', id] as const,
  allocations: () => [...peopleKeys.all, 'allocations'] as const,
  driverChanges: (from: string, to: string) => [...peopleKeys.all, 'driver-changes', from, to] as const,
  attendance: () => [...peopleKeys.all, 'attendance'] as const,
  attendanceCounts: (filters: BoardFilters) => [...peopleKeys.attendance(), 'counts', filters] as const,
};

export interface StaffFilters {
  role?: StaffRole | undefined;
  wardId?: string | undefined;
  circleId?: string | undefined;
}

export function listStaff(query: ListQuery, filters: StaffFilters = {}) {
  return apiRequest({
    method: 'GET',
    path: '/staff',
    query: { ...query, ...filters },
    schema: StaffPageSchema,
  });
}

export function getStaff(id: string): Promise<Staff> {
  return apiRequest({ method: 'GET', path: `/staff/${id}`, schema: StaffSchema });
}

export function createStaff(input: StaffInput): Promise<Staff> {
  return apiRequest({ method: 'POST', path: '/staff', body: input, schema: StaffSchema });
}

export function updateStaff(id: string, input: StaffInput): Promise<Staff> {
  return apiRequest({ method: 'PUT', path: `/staff/${id}`, body: input, schema: StaffSchema });
}

export function deleteStaff(id: string): Promise<null> {
  return apiRequest({ method: 'DELETE', path: `/staff/${id}`, schema: z.null() });
}

export interface AllocationFilters {
  day: string;
}

export function listAllocations(query: ListQuery, filters: AllocationFilters) {
  return apiRequest({
    method: 'GET',
    path: '/vehicle-allocation',
    query: { ...query, ...filters },
    schema: VehicleAllocationPageSchema,
  });
}

export function createAllocation(input: VehicleAllocationInput): Promise<VehicleAllocation> {
  return apiRequest({
    method: 'POST',
    path: '/vehicle-allocation',
    body: input,
    schema: VehicleAllocationSchema,
  });
}

export function endAllocation(id: string): Promise<VehicleAllocation> {
  return apiRequest({
    method: 'PUT',
    path: `/vehicle-allocation/${id}/end`,
    body: { reason: 'manual' },
    schema: VehicleAllocationSchema,
  });
}

export function listDriverChanges(from: string, to: string, signal?: AbortSignal): Promise<DriverChange[]> {
  return apiRequest({
    method: 'GET',
    path: '/vehicle-allocation/driver-changes',
    query: { from, to },
    schema: z.array(DriverChangeSchema),
    ...(signal ? { signal } : {}),
  });
}

export interface BoardFilters {
  day: string;
  wardId?: string | undefined;
  circleId?: string | undefined;
  status?: AttendanceFilter | undefined;
}

export function attendanceBoard(query: ListQuery, filters: BoardFilters): Promise<AttendanceBoard> {
  return apiRequest({
    method: 'GET',
    path: '/attendance',
    query: { ...query, ...filters },
    schema: AttendanceBoardSchema,
  });
}

export function markAttendance(input: AttendanceMark): Promise<AttendanceRow> {
  return apiRequest({ method: 'PUT', path: '/attendance', body: input, schema: AttendanceRowSchema });
}

const PICKER_PAGE_SIZE = 100;

/** Vehicles the caller sees, by registration number. */
export function vehicleOptionsQuery(): PickerQuery {
  return (search) => ({
    queryKey: ['vehicles', 'options', 'people', search],
    queryFn: async () => {
      const page = await apiRequest({
        method: 'GET',
        path: '/vehicle',
        query: { search: search || undefined, pageSize: PICKER_PAGE_SIZE, sortBy: 'registrationNumber' },
        schema: VehiclePageSchema,
      });
      return page.items.map((v) => ({ id: v.id, label: v.registrationNumber }));
    },
  });
}

/** Active staff, by name, phone or tag; the label carries the role. */
export function staffOptionsQuery(roleLabel: (role: StaffRole) => string): PickerQuery {
  return (search) => ({
    queryKey: [...peopleKeys.staff(), 'options', search],
    queryFn: async () => {
      const page = await apiRequest({
        method: 'GET',
        path: '/staff',
        query: { search: search || undefined, pageSize: PICKER_PAGE_SIZE, active: 'true', sortBy: 'name' },
        schema: StaffPageSchema,
      });
      return page.items.map((s) => ({ id: s.id, label: `${s.name} (${roleLabel(s.role)})` }));
    },
  });
}

/** Wards or circles of the caller's organisation (module `admin-division`). */
export function divisionsQuery(type: 'WARD' | 'CIRCLE', organisationId: string | undefined) {
  return {
    queryKey: ['admin-divisions', type, organisationId, 'names'] as const,
    queryFn: (): Promise<AdminDivision[]> =>
      apiRequest({
        method: 'GET',
        path: '/admin-divisions',
        query: { type, organisationId },
        schema: z.array(AdminDivisionSchema),
      }),
    staleTime: 5 * 60_000,
  };
}
