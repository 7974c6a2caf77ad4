/**
 * Saves a file the server produces for signed-in callers (the scorecard PDF): fetched with the session's token
 * (api/file fetchFileObjectUrl, which refreshes it once on a 401) and handed to the browser under `fileName`.
 */
import { buildUrl, type QueryParams } from '@/api/client';
import { fetchFileObjectUrl } from '@/api/file';

/** Object URLs stay valid a while after the click: some browsers read them after click() returns. */
const REVOKE_AFTER_MS = 10_000;

export async function downloadServerFile(path: string, query: QueryParams, fileName: string): Promise<void> {
  const url = await fetchFileObjectUrl(buildUrl(path, query));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
