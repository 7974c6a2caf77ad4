/**
 * POST /v1/file (multipart: `folder` and one or more `files`) → `{ url, urls }`; GET /v1/file/<folder>/<name> serves
 * a file to signed-in callers of the owning organisation's subtree. See README.md.
 */
import multipart from '@fastify/multipart';
import {
  FILE_MAX_BYTES,
  FILE_MAX_COUNT,
  FILE_MESSAGES,
  FileUploadResultSchema,
  envelopeSchema,
} from '@civicfleet/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BadRequestError } from '../../http/errors.ts';
import type { ApiModule } from '../../http/types.ts';
import { createFileStorage } from '../../storage/index.ts';
import { PayloadTooLargeError, createFileService } from './file.service.ts';

/** Browsers may cache a file for a day; `private`: never a shared proxy (files are per organisation). */
export const FILE_CACHE_CONTROL = 'private, max-age=86400';
/** A served file is inert: no scripts, no sub-resources, an opaque origin even if opened directly. */
export const FILE_CSP = "default-src 'none'; sandbox";

const MALFORMED_UPLOAD = 'The upload is not a valid multipart form.';

const FileParamsSchema = z.object({ folder: z.string().max(32), name: z.string().max(80) });

interface MultipartUpload {
  folder: unknown;
  files: Buffer[];
}

/** Reads every part; multipart's own limit errors become the envelope's clear messages. */
async function readUpload(request: FastifyRequest): Promise<MultipartUpload> {
  if (!request.isMultipart()) throw new BadRequestError(FILE_MESSAGES.notMultipart);
  const upload: MultipartUpload = { folder: undefined, files: [] };
  try {
    const parts = request.parts({
      limits: {
        fileSize: FILE_MAX_BYTES,
        files: FILE_MAX_COUNT,
        fields: 4,
        fieldSize: 256,
        parts: FILE_MAX_COUNT + 4,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') upload.files.push(await part.toBuffer());
      else if (part.fieldname === 'folder') upload.folder = part.value;
    }
  } catch (error) {
    switch ((error as { code?: unknown }).code) {
      case 'FST_REQ_FILE_TOO_LARGE':
        throw new PayloadTooLargeError();
      case 'FST_FILES_LIMIT':
      case 'FST_PARTS_LIMIT':
      case 'FST_FIELDS_LIMIT':
        throw new BadRequestError(FILE_MESSAGES.tooMany);
      default:
        // busboy's parse errors ("Unexpected end of multipart data", …) carry no status: a broken form is a 400.
        if (error instanceof Error && !('statusCode' in error)) throw new BadRequestError(MALFORMED_UPLOAD);
        throw error;
    }
  }
  return upload;
}

export const fileModule: ApiModule = {
  name: 'file',
  async register(app, deps) {
    // Registered in this module's scope only: no other route accepts multipart bodies.
    await app.register(multipart, { limits: { fileSize: FILE_MAX_BYTES, files: FILE_MAX_COUNT } });
    const service = createFileService({ db: deps.db, storage: createFileStorage(deps.env) });
    const tags = ['file'];

    app.post(
      '/file',
      {
        config: { permission: { authenticated: true } },
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          response: { 201: envelopeSchema(FileUploadResultSchema) },
        },
      },
      async (request, reply) => {
        const upload = await readUpload(request);
        const result = await service.upload(request.auth, upload.folder, upload.files);
        reply.code(201);
        return { success: true, message: FILE_MESSAGES.uploaded, data: result };
      },
    );

    app.get(
      '/file/:folder/:name',
      {
        config: { permission: { authenticated: true } },
        schema: { tags, params: FileParamsSchema },
      },
      async (request, reply) => {
        const { folder, name } = request.params;
        const file = await service.read(folder, name, { orgIds: request.auth.orgIds });
        return reply
          .header('content-type', file.contentType)
          .header('content-length', String(file.bytes.length))
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', FILE_CSP)
          .header('cache-control', FILE_CACHE_CONTROL)
          .header('content-disposition', `inline; filename="${file.name}"`)
          .send(file.bytes);
      },
    );
  },
};
