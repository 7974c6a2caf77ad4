/**
 * /v1/auth/mfa/*, the second sign-in step /v1/auth/login/mfa and an administrator's reset of another user's factor,
 * /v1/users/:id/mfa/reset (contracts/mfa.contract.ts). Registered by the auth module, which shares its sign-in limiter
 * (the reset's password confirmation counts against it) and session issuing with these routes.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  IdParamsSchema,
  LoginMfaBodySchema,
  LoginResultSchema,
  MFA_MESSAGES,
  MfaDisableBodySchema,
  MfaEnableBodySchema,
  MfaEnableResultSchema,
  MfaResetBodySchema,
  MfaResetResultSchema,
  MfaSetupSchema,
  MfaStatusSchema,
  envelopeSchema,
} from '@civicfleet/shared';
import type { ApiApp } from '../../http/types.ts';
import { toId } from '../organisation/scope.ts';
import type { AuthService, RequestMeta } from '../auth/auth.service.ts';
import type { MfaService } from './mfa.service.ts';

const meta = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

const ok = <T>(message: string, data: T) => ({ success: true, message, data });

export function registerMfaRoutes(app: ApiApp, mfa: MfaService, auth: AuthService): void {
  const tags = ['auth'];

  app.post(
    '/auth/login/mfa',
    {
      config: { permission: { public: true } },
      schema: { tags, body: LoginMfaBodySchema, response: { 200: envelopeSchema(LoginResultSchema) } },
    },
    async (request) => {
      const { challenge, code, recoveryCode } = request.body;
      const factor = code !== undefined ? { code } : { recoveryCode: recoveryCode ?? '' };
      const user = await mfa.completeChallenge(challenge, factor, meta(request));
      const via = code !== undefined ? 'totp' : 'recovery';
      return ok('Successfully logged in', await auth.completeSignIn(user, meta(request), { mfa: via }));
    },
  );

  app.get(
    '/auth/mfa',
    {
      config: { permission: { authenticated: true } },
      schema: { tags, response: { 200: envelopeSchema(MfaStatusSchema) } },
    },
    async (request) => ok('Two-step verification', await mfa.status(request.auth)),
  );

  app.post(
    '/auth/mfa/setup',
    {
      config: { permission: { authenticated: true } },
      schema: { tags, response: { 200: envelopeSchema(MfaSetupSchema) } },
    },
    async (request) => ok(MFA_MESSAGES.setupStarted, await mfa.setup(request.auth, meta(request))),
  );

  app.post(
    '/auth/mfa/enable',
    {
      config: { permission: { authenticated: true } },
      schema: { tags, body: MfaEnableBodySchema, response: { 200: envelopeSchema(MfaEnableResultSchema) } },
    },
    async (request) =>
      ok(MFA_MESSAGES.enabled, await mfa.enable(request.auth, request.body.code, meta(request))),
  );

  app.post(
    '/auth/mfa/disable',
    {
      config: { permission: { authenticated: true } },
      schema: { tags, body: MfaDisableBodySchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await mfa.disable(request.auth, request.body, meta(request));
      return ok(MFA_MESSAGES.disabled, null);
    },
  );

  // Setting a user's credentials is what set-user-password grants (user module); a lost second factor is one of them.
  // POST rather than DELETE: the body carries the caller's password.
  app.post(
    '/users/:id/mfa/reset',
    {
      config: { permission: { module: 'user', action: 'set-user-password' } },
      schema: {
        tags: ['user'],
        params: IdParamsSchema,
        body: MfaResetBodySchema,
        response: { 200: envelopeSchema(MfaResetResultSchema) },
      },
    },
    async (request) =>
      ok(
        MFA_MESSAGES.resetDone,
        await mfa.resetForUser(request.auth, toId(request.params.id), request.body.password, meta(request)),
      ),
  );
}
