/** POST /auth/step-up (contracts/step-up.contract.ts): confirms the password (and code) for this session. */
import { StepUpResultSchema, type StepUpBody, type StepUpResult } from '@civicfleet/shared';
import { apiRequest } from '@/api/client';

export function confirmStepUp(body: StepUpBody): Promise<StepUpResult> {
  return apiRequest({ method: 'POST', path: '/auth/step-up', body, schema: StepUpResultSchema });
}
