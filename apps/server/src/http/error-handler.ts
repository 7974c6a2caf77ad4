/** The one place where errors become HTTP answers: `{ success: false, message, errors? }`. */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { ErrorEnvelope } from '@civicfleet/shared';
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
      const body: ErrorEnvelope = { success: false, message: error.message };
      if (error.errors) body.errors = error.errors;
      return reply.status(error.statusCode).send(body);
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      // Fastify's own client errors: malformed JSON, unsupported media type, body too large …
      return reply.status(status).send({ success: false, message: error.message } satisfies ErrorEnvelope);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ success: false, message: SERVER_ERROR_MESSAGE } satisfies ErrorEnvelope);
  });
}
