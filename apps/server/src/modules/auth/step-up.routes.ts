/**
 * POST /v1/auth/step-up (contracts/step-up.contract.ts). Registered by the auth module, which shares its sign-in
 * limiter with it. A restricted session (default password, MFA enrolment) is refused by http/authenticate.ts.
 */
import { STEP_UP_MESSAGES, StepUpBodySchema, StepUpResultSchema, envelopeSchema } from '@civicfleet/shared';
import type { ApiApp } from '../../http/types.ts';
import type { StepUpService } from './step-up.service.ts';

export function registerStepUpRoutes(app: ApiApp, stepUps: StepUpService): void {
  app.post(
    '/auth/step-up',
    {
      config: { permission: { authenticated: true } },
      schema: {
        tags: ['auth'],
        body: StepUpBodySchema,
        response: { 200: envelopeSchema(StepUpResultSchema) },
      },
    },
    async (request) => ({
      success: true,
      message: STEP_UP_MESSAGES.confirmed,
      data: await stepUps.confirm(request.auth, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      }),
    }),
  );
}
