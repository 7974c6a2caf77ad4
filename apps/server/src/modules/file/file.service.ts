/**
 * Uploads and reads of files (spec 01 §7 "POST /file"). Rules:
 * - the type comes from the bytes (file-type.ts): JPEG, PNG or PDF, whatever the client calls it;
 * - names are never trusted: a file is stored as `<folder>/<32 random hex>.<sniffed extension>`, the folder from an
 *   allow-list (FILE_FOLDERS);
 * - all or nothing: one refused file refuses the whole request, and nothing is stored;
 * - the uploader's organisation owns the file; readers see it only within that organisation's subtree (404 otherwise);
 * - a quota per user and rolling day (UPLOAD_QUOTA) keeps one account, or a stolen session, from filling the disk
 *   (OWASP ASVS 12.1.3); over it the upload is refused with 413 and nothing is stored.
 */
import { randomBytes } from 'node:crypto';
import {
  FILE_FOLDERS,
  FILE_MAX_BYTES,
  FILE_MESSAGES,
  type FileFolder,
  type FileUploadResult,
} from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { AppError, BadRequestError, NotFoundError } from '../../http/errors.ts';
import type { AuthContext } from '../../http/types.ts';
import type { FileStorage } from '../../storage/index.ts';
import type { OrgIds } from '../organisation/scope.ts';
import * as repo from './file.repository.ts';
import { sniffFileType } from './file-type.ts';

/** Where the API serves a stored key; upload answers carry these root-relative URLs. */
export const FILE_URL_PREFIX = '/v1/file/';

const NAME_PATTERN = /^[0-9a-f]{32}\.(jpg|png|pdf)$/;

/** Per user, per rolling 24 hours: ~60 fitments with photos a day per fitter is far below it. */
export const UPLOAD_QUOTA = { files: 500, bytes: 1024 * 1024 * 1024, windowS: 24 * 60 * 60 };
export type UploadQuota = typeof UPLOAD_QUOTA;

export const quotaExceededMessage = (quota: UploadQuota): string =>
  `You can upload at most ${quota.files} files or ${Math.round(quota.bytes / 1024 / 1024)} MB a day. Try again tomorrow or ask an administrator.`;

export class PayloadTooLargeError extends AppError {
  constructor(message: string = FILE_MESSAGES.tooLarge) {
    super(413, message);
  }
}

export const isFileFolder = (value: unknown): value is FileFolder =>
  typeof value === 'string' && (FILE_FOLDERS as readonly string[]).includes(value);

/**
 * Who may read a file. Signed-in callers pass their own `orgIds`. Seam for the public certificate page (later issue):
 * its public route first checks that the certificate references the file, then reads with
 * `{ orgIds: [certificate's organisation] }` — the file route itself stays signed-in only.
 */
export interface FileAccess {
  orgIds: OrgIds;
}

export interface ServedFile {
  bytes: Buffer;
  contentType: string;
  name: string;
}

export interface FileServiceDeps {
  db: Db;
  storage: FileStorage;
  maxBytes?: number;
  quota?: UploadQuota;
  randomName?: () => string;
}

export function createFileService({
  db,
  storage,
  maxBytes = FILE_MAX_BYTES,
  quota = UPLOAD_QUOTA,
  randomName = () => randomBytes(16).toString('hex'),
}: FileServiceDeps) {
  return {
    async upload(auth: AuthContext, folder: unknown, uploads: Buffer[]): Promise<FileUploadResult> {
      if (!isFileFolder(folder))
        throw new BadRequestError(FILE_MESSAGES.badFolder, { folder: FILE_MESSAGES.badFolder });
      if (uploads.length === 0)
        throw new BadRequestError(FILE_MESSAGES.noFile, { files: FILE_MESSAGES.noFile });
      const planned = uploads.map((bytes) => {
        if (bytes.length > maxBytes) throw new PayloadTooLargeError();
        const type = sniffFileType(bytes);
        if (!type) throw new BadRequestError(FILE_MESSAGES.badType, { files: FILE_MESSAGES.badType });
        return { bytes, type, key: `${folder}/${randomName()}.${type.extension}` };
      });
      const usage = await repo.recentUploadUsage(db, auth.organisationId, auth.userId, quota.windowS);
      const addedBytes = planned.reduce((sum, file) => sum + file.bytes.length, 0);
      if (usage.files + planned.length > quota.files || usage.bytes + addedBytes > quota.bytes) {
        throw new PayloadTooLargeError(quotaExceededMessage(quota));
      }

      const stored: string[] = [];
      try {
        for (const file of planned) {
          await storage.put(file.key, file.bytes, file.type.contentType);
          stored.push(file.key);
        }
        await repo.insertFiles(
          db,
          planned.map((file) => ({
            key: file.key,
            folder,
            contentType: file.type.contentType,
            sizeBytes: file.bytes.length,
            organisationId: auth.organisationId,
            uploadedBy: auth.userId,
          })),
        );
      } catch (error) {
        // No bytes without a row: they could never be read, only fill the disk.
        await Promise.allSettled(stored.map((key) => storage.delete(key)));
        throw error;
      }
      const urls = planned.map((file) => `${FILE_URL_PREFIX}${file.key}`);
      return { url: urls[0] ?? '', urls };
    },

    /** The file `<folder>/<name>` if `access` may see it; 404 for a malformed, unknown or foreign file alike. */
    async read(folder: string, name: string, access: FileAccess): Promise<ServedFile> {
      if (!isFileFolder(folder) || !NAME_PATTERN.test(name)) throw new NotFoundError(FILE_MESSAGES.notFound);
      const key = `${folder}/${name}`;
      const record = await repo.findFile(db, key, access.orgIds);
      if (!record) throw new NotFoundError(FILE_MESSAGES.notFound);
      const object = await storage.get(key);
      if (!object) throw new NotFoundError(FILE_MESSAGES.notFound);
      return { bytes: object.bytes, contentType: record.contentType, name };
    },
  };
}

export type FileService = ReturnType<typeof createFileService>;
