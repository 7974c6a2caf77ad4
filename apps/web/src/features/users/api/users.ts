/** /v1/users calls (contract: packages/shared user.contract.ts) with their query keys. */
import {
  MfaResetResultSchema,
  UserPageSchema,
  UserSchema,
  type ListQuery,
  type MfaResetResult,
  type ProfileUpdate,
  type User,
  type UserInput,
  type UserUpdate,
} from '@civicfleet/shared';
import { z } from 'zod';
import { apiRequest } from '@/api/client';

export const userKeys = {
  all: ['users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
  one: (id: string) => [...userKeys.all, 'one', id] as const,
};

export function listUsers(query: ListQuery) {
  return apiRequest({ method: 'GET', path: '/users', query: { ...query }, schema: UserPageSchema });
}

export function getUser(id: string): Promise<User> {
  return apiRequest({ method: 'GET', path: `/users/${id}`, schema: UserSchema });
}

export function createUser(input: UserInput): Promise<User> {
  return apiRequest({ method: 'POST', path: '/users', body: input, schema: UserSchema });
}

export function updateUser(id: string, input: UserUpdate): Promise<User> {
  return apiRequest({ method: 'PUT', path: `/users/${id}`, body: input, schema: UserSchema });
}

/** The signed-in user's own names and contact (any signed-in user; no user module needed). */
export function updateProfile(input: ProfileUpdate): Promise<User> {
  return apiRequest({ method: 'PUT', path: '/users/me', body: input, schema: UserSchema });
}

export function deleteUser(id: string): Promise<null> {
  return apiRequest({ method: 'DELETE', path: `/users/${id}`, schema: z.null() });
}

export function setUserPassword(id: string, password: string): Promise<null> {
  return apiRequest({ method: 'PUT', path: `/users/${id}/password`, body: { password }, schema: z.null() });
}

/** Attaches the user to another organisation of the caller's subtree (associate-user-result-table). */
export function associateUser(id: string, organisationId: string): Promise<User> {
  return apiRequest({
    method: 'PUT',
    path: `/users/${id}/organisation`,
    body: { organisationId },
    schema: UserSchema,
  });
}

/**
 * An administrator removes another user's lost second factor (set-user-password); `password` is the caller's own.
 * Every session of the user is signed out.
 */
export function resetUserMfa(id: string, password: string): Promise<MfaResetResult> {
  return apiRequest({
    method: 'POST',
    path: `/users/${id}/mfa/reset`,
    body: { password },
    schema: MfaResetResultSchema,
  });
}
