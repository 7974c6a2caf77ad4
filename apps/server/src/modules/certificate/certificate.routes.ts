/**
 * /v1/certificate: VLTD fitment certificates keyed by IMEI (spec 02 §2 "Public certificate page", §3, §7). Public
 * reads are rate limited per client IP; the signed-in variants check permission and scope in the service. See
 * README.md and packages/shared/src/contracts/certificate.contract.ts.
 */
import {
  CERTIFICATE_MESSAGES,
  CertificateDataSchema,
  CertificateImageParamsSchema,
  CertificateImeiParamsSchema,
  CertificateLookupQuerySchema,
  CertificateLookupSchema,
  CertificatePdfQuerySchema,
  CertificateQuickQuerySchema,
  QuickCertificateSchema,
  certificateFileName,
  envelopeSchema,
} from '@civicfleet/shared';
import type { FastifyRequest } from 'fastify';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { TooManyRequestsError, UnauthorizedError } from '../../http/errors.ts';
import { memoryLimiters } from '../../http/rate-limit.ts';
import type { ApiModule } from '../../http/types.ts';
import { createFileStorage } from '../../storage/index.ts';
import { FILE_CACHE_CONTROL, FILE_CSP } from '../file/file.routes.ts';
import { createFileService } from '../file/file.service.ts';
import { renderCertificatePdf } from './certificate-pdf.ts';
import { createCertificateService } from './certificate.service.ts';

/**
 * Public requests per client IP per minute: a page view is one data call plus a few images; a PDF costs more CPU,
 * so it has its own, smaller allowance.
 */
export const CERTIFICATE_READS_PER_MINUTE = 120;
export const CERTIFICATE_PDFS_PER_MINUTE = 20;

const ok = <T>(message: string, data: T) => ({ success: true, message, data });

export const certificateModule: ApiModule = {
  name: 'certificate',
  register(app, deps) {
    const service = createCertificateService({
      db: deps.db,
      clock: deps.clock,
      publicUrl: deps.env.publicUrl,
      files: createFileService({ db: deps.db, storage: createFileStorage(deps.env) }),
    });
    const limiter = (keyPrefix: string, points: number) => {
      const store = memoryLimiters({ keyPrefix, points, duration: 60 });
      // Counted before validation, so malformed attempts use up the allowance too.
      return async (request: FastifyRequest) => {
        try {
          await store.consume(request.ip);
        } catch (error) {
          if (error instanceof RateLimiterRes)
            throw new TooManyRequestsError(CERTIFICATE_MESSAGES.rateLimited, error.msBeforeNext / 1000);
          throw error;
        }
      };
    };
    const readLimit = limiter('certificate_read', CERTIFICATE_READS_PER_MINUTE);
    const pdfLimit = limiter('certificate_pdf', CERTIFICATE_PDFS_PER_MINUTE);
    const tags = ['certificate'];

    app.get(
      '/certificate/quick',
      {
        // Module `certificate` OR `fitment:view-certificate`: checked by the service (one declaration cannot say "or").
        config: { permission: { authenticated: true } },
        schema: {
          tags,
          querystring: CertificateQuickQuerySchema,
          response: { 200: envelopeSchema(QuickCertificateSchema) },
        },
      },
      async (request) => ok('Quick certificate', await service.quick(request.auth, request.query.imei)),
    );

    app.get(
      '/certificate/lookup',
      {
        config: { permission: { public: true } },
        onRequest: readLimit,
        schema: {
          tags,
          querystring: CertificateLookupQuerySchema,
          response: { 200: envelopeSchema(CertificateLookupSchema) },
        },
      },
      async (request) => ok('Certificate found', await service.lookup(request.query.registrationNumber)),
    );

    app.get(
      '/certificate/:imei',
      {
        config: { permission: { public: true } },
        onRequest: readLimit,
        schema: {
          tags,
          params: CertificateImeiParamsSchema,
          response: { 200: envelopeSchema(CertificateDataSchema) },
        },
      },
      async (request, reply) => {
        // The status (active, last reported) changes: always fresh, never kept by a shared cache.
        void reply.header('cache-control', 'no-store');
        return ok('Certificate', await service.data(request.params.imei));
      },
    );

    app.get(
      '/certificate/:imei/image/:kind/:n',
      {
        config: { permission: { public: true } },
        onRequest: readLimit,
        schema: { tags, params: CertificateImageParamsSchema },
      },
      async (request, reply) => {
        const { imei, kind, n } = request.params;
        const file = await service.image(imei, kind, n);
        return reply
          .header('content-type', file.contentType)
          .header('content-length', String(file.bytes.length))
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', FILE_CSP)
          .header('cache-control', FILE_CACHE_CONTROL)
          .header(
            'content-disposition',
            `inline; filename="${kind}-${n}.${file.name.split('.').pop() ?? 'jpg'}"`,
          )
          .send(file.bytes);
      },
    );

    app.get(
      '/certificate/:imei/pdf',
      {
        // Public; `?full=1` is the signed-in variant (address, KYC images): token, permission and scope required.
        config: { permission: { public: true } },
        onRequest: pdfLimit,
        schema: { tags, params: CertificateImeiParamsSchema, querystring: CertificatePdfQuerySchema },
      },
      async (request, reply) => {
        const { full } = request.query;
        const auth = request.authOrNull;
        if (full && !auth) throw new UnauthorizedError('Sign in to download the full certificate.');
        const { data, images } = await service.document(
          request.params.imei,
          full && auth ? { auth, full: true } : { full: false },
        );
        const pdf = await renderCertificatePdf({ data, images, full, generatedAt: deps.clock() });
        const fileName = certificateFileName(data.vehicle.registrationNumber, data.fitment.date);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-length', String(pdf.length))
          .header('cache-control', full ? 'private, no-store' : 'no-store')
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(pdf);
      },
    );
  },
};
