/** The state of an ImageUpload: one item per image, whether it came as a stored URL or was just chosen. */
import { FILE_MAX_BYTES, IMAGE_CONTENT_TYPES } from '@civicfleet/shared';

export type UploadStatus = 'uploading' | 'done' | 'error';

export interface UploadItem {
  /** Stable React key. */
  key: string;
  /** The chosen file's name, or the stored file's name. */
  name: string;
  /** The chosen file (kept for the preview and retries); null for items that came as URLs. */
  file: File | null;
  /** Object URL of the chosen file (revoke it when the item goes); null for items that came as URLs. */
  previewUrl: string | null;
  /** The stored file's URL once uploaded. */
  url: string | null;
  status: UploadStatus;
  /** 0–100. */
  progress: number;
  error: string | null;
}

let nextKey = 0;
const newKey = () => `upload-${++nextKey}`;

export function itemFromUrl(url: string): UploadItem {
  return {
    key: newKey(),
    name: url.split('/').pop() ?? url,
    file: null,
    previewUrl: null,
    url,
    status: 'done',
    progress: 100,
    error: null,
  };
}

/** A chosen file, with an object URL for its preview (call from an event handler; revoke it when done). */
export function itemFromFile(file: File): UploadItem {
  const previewUrl = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
  return {
    key: newKey(),
    name: file.name,
    file,
    previewUrl,
    url: null,
    status: 'uploading',
    progress: 0,
    error: null,
  };
}

/** The URLs of the finished uploads, in the order shown: the field's value. */
export function doneUrls(items: readonly UploadItem[]): string[] {
  return items.flatMap((item) => (item.status === 'done' && item.url !== null ? [item.url] : []));
}

export const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/** Only JPEG and PNG (spec 01 §5), judged by the browser's type and, when it has none, by the name. */
export function isAcceptedImage(file: File): boolean {
  if (file.type !== '') return (IMAGE_CONTENT_TYPES as readonly string[]).includes(file.type);
  return /\.(jpe?g|png)$/i.test(file.name);
}

export type Refusal = 'type' | 'size' | 'count';

/**
 * Splits a chosen batch into what is kept and why the rest is not: wrong type, too big (the server's limit), or
 * beyond `room` (max minus what is already there).
 */
export function triageFiles(
  files: readonly File[],
  room: number,
): { accepted: File[]; refusals: Set<Refusal> } {
  const accepted: File[] = [];
  const refusals = new Set<Refusal>();
  for (const file of files) {
    if (!isAcceptedImage(file)) refusals.add('type');
    else if (file.size > FILE_MAX_BYTES) refusals.add('size');
    else if (accepted.length >= room) refusals.add('count');
    else accepted.push(file);
  }
  return { accepted, refusals };
}
