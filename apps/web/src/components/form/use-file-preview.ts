/** A displayable `src` for a stored file: fetched with the session's token (the file route is signed-in only). */
import { useEffect, useState } from 'react';
import { fetchFileObjectUrl } from '@/api/file';

/** null while loading, when `url` is null, or when the file cannot be read. */
export function useStoredFilePreview(url: string | null): string | null {
  const [preview, setPreview] = useState<{ url: string; src: string } | null>(null);
  useEffect(() => {
    if (url === null) return undefined;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchFileObjectUrl(url, controller.signal).then(
      (made) => {
        objectUrl = made;
        setPreview({ url, src: made });
      },
      () => undefined,
    );
    return () => {
      controller.abort();
      if (objectUrl !== null) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return preview !== null && preview.url === url ? preview.src : null;
}
