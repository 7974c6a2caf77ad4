/**
 * The public share pages (/public/share/live-tracking, /public/share/playback, /public/:context/share/:collectionId,
 * each with ?token=): no sign-in, nothing of the console beyond what was shared. The link's kind decides the view;
 * an expired, revoked or unknown token shows only "This link has expired or was revoked.".
 */
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '@/api/client';
import { formatDateTime } from '@/lib/format';
import { getPublicShare, shareKeys } from '../api/shares';
import { LiveShareView } from './LiveShareView';
import { PlaybackShareView } from './PlaybackShareView';
import { ShareGone } from './ShareGone';

/**
 * The link is re-read every so often: to notice that it expired (the live feed also closes on revocation), and to keep
 * positions fresh where a proxy blocks the WebSocket. Well under the server's 120 reads a minute per IP.
 */
const RECHECK_MS = 15_000;

export function PublicSharePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return token === '' ? <ShareGone /> : <SharedView token={token} />;
}

function SharedView({ token }: { token: string }) {
  const { t } = useTranslation('share');
  const share = useQuery({
    queryKey: shareKeys.public(token),
    queryFn: () => getPublicShare(token),
    refetchInterval: (query) => (query.state.data?.kind === 'playback' ? false : RECHECK_MS),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
  if (share.isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
        <CircularProgress aria-label={t('loading')} />
      </Box>
    );
  if (share.isError) {
    const error = share.error;
    return error instanceof ApiError && error.status === 404 ? (
      <ShareGone message={error.hasServerMessage ? error.message : undefined} />
    ) : (
      <ShareGone message={t('public.loadFailed')} />
    );
  }
  const data = share.data;
  const heading =
    data.label ??
    (data.kind === 'live'
      ? (data.groupName ?? data.vehicles.map((v) => v.registrationNumber).join(', '))
      : data.kind === 'playback'
        ? data.vehicle.registrationNumber
        : data.collection.name);
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 2, mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {heading}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t(`public.kind.${data.kind}`)} · {t('public.expires', { at: formatDateTime(data.expiresAt) })}
        </Typography>
      </Box>
      {data.kind === 'playback' ? (
        <PlaybackShareView share={data} />
      ) : (
        <LiveShareView token={token} share={data} onGone={() => void share.refetch()} />
      )}
    </Box>
  );
}
