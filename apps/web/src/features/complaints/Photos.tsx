/** Stored photos of a complaint (fetched with the session's token: the file route is signed-in only). */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchFileObjectUrl } from '@/api/file';

const SIZE_PX = 120;

function StoredPhoto({ url, alt }: { url: string; alt: string }) {
  const { t } = useTranslation('complaints');
  const [state, setState] = useState<{ url: string; src: string | null } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchFileObjectUrl(url, controller.signal).then(
      (made) => {
        objectUrl = made;
        setState({ url, src: made });
      },
      () => setState({ url, src: null }),
    );
    return () => {
      controller.abort();
      if (objectUrl !== null) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  if (state === null || state.url !== url)
    return <Skeleton variant="rounded" width={SIZE_PX} height={SIZE_PX} />;
  if (state.src === null)
    return (
      <Box
        sx={{
          width: SIZE_PX,
          height: SIZE_PX,
          display: 'grid',
          placeItems: 'center',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
        }}
      >
        <Typography variant="caption" color="text.secondary">
          {t('detail.photoFailed')}
        </Typography>
      </Box>
    );
  return (
    <Link href={state.src} target="_blank" rel="noopener">
      <Box
        component="img"
        src={state.src}
        alt={alt}
        sx={{ width: SIZE_PX, height: SIZE_PX, objectFit: 'cover', borderRadius: 1, display: 'block' }}
      />
    </Link>
  );
}

export function Photos({ urls, label }: { urls: readonly string[]; label: string }) {
  const { t } = useTranslation('complaints');
  if (urls.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('detail.noPhotos')}
      </Typography>
    );
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} role="list" aria-label={label}>
      {urls.map((url, i) => (
        <Box role="listitem" key={url}>
          <StoredPhoto url={url} alt={t('detail.photoAlt', { label, n: i + 1 })} />
        </Box>
      ))}
    </Box>
  );
}
