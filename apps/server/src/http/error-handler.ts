/** The one place where errors become HTTP answers: `{ success: false, message, errors? }`. */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { ErrorEnvelope } from '@civicfleet/shared';
import { unavailableKind, unavailableMessage } from '../db/connection-errors.ts';
import { DiskUnavailableError, diskProblemOf } from '../storage/disk-errors.ts';
import { AppError, SERVER_ERROR_MESSAGE } from './errors.ts';

interface Issue {
  path: string;
  code: string;
  message: string;
}

/** A missing field reads "The <field> field is required" (spec 01 §5 wording) instead of zod's type message. */
function describe(issue: Issue, context: string | undefined): string {
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) {
    const field = issue.path.split('.').pop() || context || 'body';
    return `The ${field} field is required`;
  }
  return issue.message;
}

export function validationEnvelope(issues: Issue[], context?: string): ErrorEnvelope {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path || context || 'body';
    errors[key] ??= describe(issue, context);
  }
  const first = issues[0];
  return { success: false, message: first ? describe(first, context) : 'Invalid request.', errors };
}

function fromZod(error: ZodError): ErrorEnvelope {
  return validationEnvelope(
    error.issues.map((i) => ({ path: i.path.join('.'), code: i.code, message: i.message })),
  );
}

/**
 * PostgreSQL data exceptions that only a request's values cause (found by test/fuzz-routes.test.ts): a NUL character
 * in text, an id or number beyond bigint/integer, a malformed literal. They are the caller's 400, not a 500.
 */
const INPUT_DATA_ERRORS: Record<string, string> = {
  '22021': 'Text must not contain NUL (\\u0000) or invalid characters.',
  '22P05': 'Text must not contain NUL (\\u0000) or invalid characters.',
  '22003': 'A number in the request is out of range.',
  '22P02': 'A value in the request has an invalid format.',
  '22007': 'A date in the request has an invalid format.',
  '22008': 'A date in the request is out of range.',
};

/** The SQLSTATE of a database error (drizzle wraps the driver's error in `cause`). */
function inputDataErrorMessage(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && typeof current === 'object' && current !== null; depth += 1) {
    const code: unknown = (current as { code?: unknown }).code;
    if (typeof code === 'string' && Object.hasOwn(INPUT_DATA_ERRORS, code)) return INPUT_DATA_ERRORS[code];
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        code: v.keyword,
        message: v.message ?? 'Invalid value',
      }));
      return reply.status(400).send(validationEnvelope(issues, error.validationContext));
    }
    if (error instanceof ZodError) return reply.status(400).send(fromZod(error));
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      const body: ErrorEnvelope & { requestId?: string } = { success: false, message: error.message };
      if (error.errors) body.errors = error.errors;
      if (error.statusCode >= 500) body.requestId = String(request.id);
      return reply.status(error.statusCode).send(body);
    }
    const dataError = inputDataErrorMessage(error);
    if (dataError) {
      request.log.warn({ err: error }, 'request value rejected by the database');
      return reply.status(400).send({ success: false, message: dataError } satisfies ErrorEnvelope);
    }
    // The database is away, every pooled connection is busy, or a statement ran past its timeout: not the caller's
    // fault and not a defect — a 503 the console shows as "try again", without the error line of a 500 (the outage
    // itself is logged once by db/outage.ts).
    const unavailable = unavailableKind(error);
    if (unavailable) {
      request.log.debug({ err: error }, 'request failed: database unavailable');
      return reply
        .status(503)
        .header('Retry-After', '5')
        .send({
          success: false,
          message: unavailableMessage(unavailable),
        } satisfies ErrorEnvelope);
    }
    // A full or read-only disk (the embedded database's "could not extend file", an ENOSPC from a write): a clear
    // 507/503 the operator can act on; it is still logged as an error.
    const diskProblem = diskProblemOf(error);
    if (diskProblem) {
      request.log.error({ err: error }, `request failed: disk ${diskProblem}`);
      const disk = new DiskUnavailableError(diskProblem);
      return reply.status(disk.statusCode).send({
        success: false,
        message: disk.message,
        requestId: String(request.id),
      } satisfies ErrorEnvelope & { requestId: string });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      // Fastify's own client errors: malformed JSON, unsupported media type, body too large …
      return reply.status(status).send({ success: false, message: error.message } satisfies ErrorEnvelope);
    }
    request.log.error({ err: error }, 'unhandled error');
    // The request id lets a user quote the failure; it finds the log line (`reqId`).
    return reply.status(500).send({
      success: false,
      message: SERVER_ERROR_MESSAGE,
      requestId: String(request.id),
    } satisfies ErrorEnvelope & {
      requestId: string;
    });
  });
}
