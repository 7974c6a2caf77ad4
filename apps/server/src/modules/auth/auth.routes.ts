/** /v1/auth/* (spec 01 §7, contracts/auth.contract.ts). Thin: parse, call the service, wrap in the envelope. */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ActiveSessionListSchema,
  AUTH_MESSAGES,
  ChangePasswordBodySchema,
  ChangePasswordResultSchema,
  ForgotPasswordBodySchema,
  ForgotPasswordResultSchema,
  IdParamsSchema,
  LoginAnswerSchema,
  LoginBodySchema,
  LogoutBodySchema,
  RefreshBodySchema,
  ResetPasswordBodySchema,
  ResetPasswordQuerySchema,
  RevokeSessionsBodySchema,
  RevokeSessionsResultSchema,
  SessionUserSchema,
  TokenPairSchema,
  envelopeSchema,
} from '@civicfleet/shared';
import { BadRequestError } from '../../http/errors.ts';
import { createAttemptLimiter } from '../../http/rate-limit.ts';
import type { ApiModule } from '../../http/types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { createMfaService } from '../mfa/mfa.service.ts';
import { registerMfaRoutes } from '../mfa/mfa.routes.ts';
import { createSecretBox } from '../mfa/secret-box.ts';
import { createAuthService, type RequestMeta } from './auth.service.ts';
import { createPasswordService, type ResetInput } from './password.service.ts';
import { createSessionService } from './session.service.ts';
import { createLimiterFactory } from './shared-limiters.ts';
import { registerStepUpRoutes } from './step-up.routes.ts';
import { createStepUpService } from './step-up.service.ts';

const meta = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

const ok = <T>(message: string, data: T) => ({ success: true, message, data });

/** Audit action when an account reaches its all-addresses sign-in ceiling (http/rate-limit.ts `perAccount`). */
export const ACCOUNT_THROTTLED_AUDIT = 'auth.account-throttled';

export const authModule: ApiModule = {
  name: 'auth',
  register(app, deps) {
    // Answers here carry tokens, one-time codes' request ids and session lists: no browser or proxy may keep them
    // (ASVS 8.2.1). The hook is encapsulated: it covers /v1/auth/* (MFA and step-up included), nothing else.
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('cache-control', 'no-store');
      reply.header('pragma', 'no-cache');
      return payload;
    });
    const limiters = createLimiterFactory(app, deps.env.redisUrl);
    const loginLimiter = createAttemptLimiter('login', deps.authLimits, limiters, {
      // Guesses spread over many addresses reached the account's ceiling: leave a trace for the administrators.
      onAccountCeiling: (account, ip) => {
        const userId = /^u:(\d+)$/.exec(account)?.[1];
        app.log.warn({ account, ip }, 'sign-in ceiling of an account reached');
        recordAudit(deps.db, {
          action: ACCOUNT_THROTTLED_AUDIT,
          actorUserId: userId === undefined ? null : BigInt(userId),
          detail: { account },
          ip,
        }).catch((error: unknown) => app.log.error({ err: error }, 'audit of the sign-in ceiling failed'));
      },
    });
    const forgotLimiter = createAttemptLimiter('forgot', deps.authLimits, limiters);
    const mfaRequiredForAdmins = deps.env.mfaRequiredForAdmins ?? false;
    const box = createSecretBox(deps.env.jwtSecret);
    const mfa = createMfaService({
      db: deps.db,
      clock: deps.clock,
      box,
      issuer: deps.brand.name,
      loginLimiter,
      requiredForAdmins: mfaRequiredForAdmins,
      notify: { mailer: deps.mailer, brand: deps.brand },
    });
    const auth = createAuthService({
      db: deps.db,
      clock: deps.clock,
      accessTokens: deps.accessTokens,
      loginLimiter,
      mfa,
      mfaRequiredForAdmins,
    });
    const passwords = createPasswordService({
      db: deps.db,
      clock: deps.clock,
      mailer: deps.mailer,
      brand: deps.brand,
      publicUrl: deps.env.publicUrl,
      otpKey: deps.env.jwtSecret,
      accessTokens: deps.accessTokens,
      forgotLimiter,
      loginLimiter,
      onBackgroundError: (error) => app.log.error({ err: error }, 'password reset request failed'),
    });
    app.addHook('onClose', async () => passwords.settled());
    const sessions = createSessionService({ db: deps.db, clock: deps.clock, loginLimiter });
    const tags = ['auth'];
    registerMfaRoutes(app, mfa, auth);
    registerStepUpRoutes(app, createStepUpService({ db: deps.db, clock: deps.clock, loginLimiter, mfa }));

    app.post(
      '/auth/login',
      {
        config: { permission: { public: true } },
        schema: { tags, body: LoginBodySchema, response: { 200: envelopeSchema(LoginAnswerSchema) } },
      },
      async (request) => ok('Successfully logged in', await auth.login(request.body, meta(request))),
    );

    app.get(
      '/auth/logged-in-user/:id',
      {
        config: { permission: { authenticated: true } },
        schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(SessionUserSchema) } },
      },
      async (request) => ok('User found', await auth.loggedInUser(request.auth, BigInt(request.params.id))),
    );

    app.post(
      '/auth/refresh-tokens',
      {
        config: { permission: { public: true } },
        schema: { tags, body: RefreshBodySchema, response: { 200: envelopeSchema(TokenPairSchema) } },
      },
      async (request) => ok('Tokens refreshed', await auth.refresh(request.body.refreshToken, meta(request))),
    );

    // Public: a client whose access token has expired must still be able to end its session.
    app.post(
      '/auth/logout',
      {
        config: { permission: { public: true } },
        schema: { tags, body: LogoutBodySchema, response: { 200: envelopeSchema(z.null()) } },
      },
      async (request) => {
        await auth.logout(request.body.refreshToken, meta(request));
        return ok('Successfully logged out', null);
      },
    );

    app.post(
      '/auth/forgot-password',
      {
        config: { permission: { public: true } },
        schema: {
          tags,
          body: ForgotPasswordBodySchema,
          response: { 200: envelopeSchema(ForgotPasswordResultSchema) },
        },
      },
      async (request) =>
        ok(AUTH_MESSAGES.otpSent, await passwords.forgot(request.body.username, meta(request))),
    );

    app.post(
      '/auth/reset-password',
      {
        config: { permission: { public: true } },
        schema: {
          tags,
          querystring: ResetPasswordQuerySchema,
          body: ResetPasswordBodySchema,
          response: { 200: envelopeSchema(z.null()) },
        },
      },
      async (request) => {
        const { otp, token } = request.query;
        const { otpToken, password } = request.body;
        let input: ResetInput;
        if (token !== undefined) input = { linkToken: token, password };
        else if (otp !== undefined && otpToken) input = { otp, otpToken, password };
        else
          throw new BadRequestError(AUTH_MESSAGES.otpInvalid, {
            otp: 'Enter the 6-digit code from the e-mail',
          });
        await passwords.reset(input, meta(request));
        return ok(AUTH_MESSAGES.passwordReset, null);
      },
    );

    app.get(
      '/auth/sessions',
      {
        config: { permission: { authenticated: true } },
        schema: { tags, response: { 200: envelopeSchema(ActiveSessionListSchema) } },
      },
      async (request) => ok('Active sessions', await sessions.list(request.auth)),
    );

    app.post(
      '/auth/sessions/revoke',
      {
        config: { permission: { authenticated: true } },
        schema: {
          tags,
          body: RevokeSessionsBodySchema,
          response: { 200: envelopeSchema(RevokeSessionsResultSchema) },
        },
      },
      async (request) =>
        ok('Sessions signed out', await sessions.revoke(request.auth, request.body, meta(request))),
    );

    app.post(
      '/auth/change-password',
      {
        config: { permission: { authenticated: true } },
        schema: {
          tags,
          body: ChangePasswordBodySchema,
          response: { 200: envelopeSchema(ChangePasswordResultSchema) },
        },
      },
      async (request) =>
        ok(AUTH_MESSAGES.passwordChanged, await passwords.change(request.auth, request.body, meta(request))),
    );
  },
};
