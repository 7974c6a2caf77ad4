/**
 * POST /v1/file (spec 01 §7: multipart `folder` + `files`, answers `data.url`) and reading stored files back.
 *
 * The upload uses XMLHttpRequest rather than the client's `fetch`: only XHR reports upload progress. It follows the
 * client's rules otherwise: bearer token, the envelope's message on failure (ApiError), one token refresh on a 401.
 * Stored files are served to signed-in callers only, so an `<img src>` cannot show them: `fetchFileObjectUrl` fetches
 * the bytes with the token and hands back an object URL.
 */
import { FileUploadResultSchema, type FileFolder } from '@civicfleet/shared';
import { brand } from '@/lib/brand';
import { ApiError, refreshSessionOnce } from './client';
import { readAccessToken } from './token-store';

export interface UploadFileOptions {
  folder: FileFolder;
  file: File;
  /** 0–100 while the bytes go up. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Uploads one file and resolves with its URL (root-relative, e.g. `/v1/file/rc/<id>.jpg`). */
export type UploadFn = (options: UploadFileOptions) => Promise<string>;

const API_BASE = brand.apiBase.replace(/\/+$/, '');

/** Where the browser fetches a stored file: the API host plus the server's root-relative URL. */
export function fileHref(url: string): string {
  return url.startsWith('/') ? `${API_BASE}${url}` : url;
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError');
}

function sendOnce(options: UploadFileOptions, token: string | null): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/v1/file`);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token !== null) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onerror = () => reject(new ApiError({ status: 0 }));
    xhr.onabort = () => reject(abortError());
    xhr.onload = () => {
      let payload: unknown;
      try {
        payload = JSON.parse(xhr.responseText) as unknown;
      } catch {
        payload = undefined;
      }
      const envelope = (payload ?? {}) as { success?: unknown; message?: unknown; data?: unknown };
      if (xhr.status >= 200 && xhr.status < 300 && envelope.success === true) {
        resolve(envelope.data);
        return;
      }
      reject(
        new ApiError({
          status: xhr.status,
          serverMessage: typeof envelope.message === 'string' ? envelope.message : undefined,
        }),
      );
    };
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('folder', options.folder);
    body.append('files', options.file, options.file.name);
    xhr.send(body);
  });
}

export const uploadFile: UploadFn = async (options) => {
  const usedToken = readAccessToken()?.token ?? null;
  let data: unknown;
  try {
    data = await sendOnce(options, usedToken);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    if ((readAccessToken()?.token ?? null) === usedToken) await refreshSessionOnce();
    data = await sendOnce(options, readAccessToken()?.token ?? null);
  }
  const parsed = FileUploadResultSchema.safeParse(data);
  if (!parsed.success) throw new ApiError({ status: 200, cause: parsed.error });
  return parsed.data.url;
};

async function fetchWithToken(url: string, signal: AbortSignal | undefined): Promise<Response> {
  const token = readAccessToken()?.token ?? null;
  const headers = token === null ? undefined : { Authorization: `Bearer ${token}` };
  return fetch(fileHref(url), { headers, signal });
}

/** The stored file as an object URL (revoke it when done); rejects with ApiError when it cannot be read. */
export async function fetchFileObjectUrl(url: string, signal?: AbortSignal): Promise<string> {
  let response = await fetchWithToken(url, signal);
  if (response.status === 401) {
    await refreshSessionOnce();
    response = await fetchWithToken(url, signal);
  }
  if (!response.ok) throw new ApiError({ status: response.status });
  return URL.createObjectURL(await response.blob());
}
