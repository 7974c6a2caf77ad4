/** Two-step verification of the signed-in user (contract: packages/shared contracts/mfa.contract.ts). */
import {
  MfaEnableResultSchema,
  MfaSetupSchema,
  MfaStatusSchema,
  type MfaEnableResult,
  type MfaSetup,
  type MfaStatus,
} from '@civicfleet/shared';
import { z } from 'zod';
import { apiRequest } from '@/api/client';

export const mfaKeys = { status: ['auth', 'mfa'] as const };

/** GET /auth/mfa: on or off, a pending setup, recovery codes left, whether the platform requires it. */
export function getMfaStatus(signal?: AbortSignal): Promise<MfaStatus> {
  return apiRequest({ method: 'GET', path: '/auth/mfa', schema: MfaStatusSchema, signal });
}

/** POST /auth/mfa/setup: a new secret (not active until confirmed with a code). */
export function startMfaSetup(): Promise<MfaSetup> {
  return apiRequest({ method: 'POST', path: '/auth/mfa/setup', schema: MfaSetupSchema });
}

/** POST /auth/mfa/enable {code}: turns it on; the recovery codes are answered this once only. */
export function enableMfa(code: string): Promise<MfaEnableResult> {
  return apiRequest({
    method: 'POST',
    path: '/auth/mfa/enable',
    body: { code },
    schema: MfaEnableResultSchema,
  });
}

/** POST /auth/mfa/disable {password, code}: `code` is a current 6-digit code or an unused recovery code. */
export function disableMfa(body: { password: string; code: string }): Promise<null> {
  return apiRequest({ method: 'POST', path: '/auth/mfa/disable', body, schema: z.null() });
}
