/**
 * POST /v1/file (spec 01 §7 "POST /file | multipart: folder and files | returns data.url") and GET /v1/file/<key>.
 * The upload answers `{ url, urls }`: `url` is the first (or only) file, as the console expects, and `urls` lists every
 * file in the order sent. URLs are root-relative (`/v1/file/rc/<id>.jpg`) so they survive a change of host name.
 */
import { z } from 'zod';

/** Where an upload may go. Anything else is refused: the folder becomes part of the stored key. */
export const FILE_FOLDERS = [
  'rc',
  'device',
  'kyc',
  'vehicle',
  'poi',
  'complaint',
  'certificate',
  'misc',
] as const;
export const FileFolderSchema = z.enum(FILE_FOLDERS);
export type FileFolder = z.infer<typeof FileFolderSchema>;

/** Per file; the server refuses bigger files with 413. */
export const FILE_MAX_BYTES = 10 * 1024 * 1024;
/** Files per request. */
export const FILE_MAX_COUNT = 10;

/** What the server accepts, decided from the bytes (never from the name or the declared type). */
export const FILE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type FileContentType = (typeof FILE_CONTENT_TYPES)[number];
/** What image fields accept (spec 01 §5 "Image upload: only jpeg and png"). */
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png'] as const;

export const FILE_MESSAGES = {
  uploaded: 'File uploaded',
  badType: 'Only JPEG, PNG and PDF files can be uploaded.',
  tooLarge: `Files can be at most ${FILE_MAX_BYTES / 1024 / 1024} MB each.`,
  tooMany: `At most ${FILE_MAX_COUNT} files can be uploaded at once.`,
  noFile: 'Choose a file to upload.',
  badFolder: `The folder must be one of: ${FILE_FOLDERS.join(', ')}.`,
  notMultipart: 'Send the files as multipart/form-data.',
  notFound: 'File not found.',
} as const;

export const FileUploadResultSchema = z.object({
  url: z.string(),
  urls: z.array(z.string()).min(1),
});
export type FileUploadResult = z.infer<typeof FileUploadResultSchema>;
