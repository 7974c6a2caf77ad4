/**
 * /view-operations/route-playback (spec 01 §2.5; issue 5 "route playback"): pick a vehicle and a time range, then
 * play the recorded track. The choice lives in the URL (?vehicleId=&from=&to=); with only ?vehicleId= (the status
 * board's row action) today so far is shown.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '@/api/client';
import { PageHeader } from '@/components/PageHeader';
import { getPlayback, playbackKeys, type PlaybackRange } from './api/playback';
import { PlaybackFilters } from './PlaybackFilters';
import { fromOffsetIso, presetRange, toOffsetIso } from './playback-range';
import { PlaybackShare } from './PlaybackShare';
import { PlaybackView } from './PlaybackView';

export function PlaybackPage() {
  const { t } = useTranslation('playback');
  const [params, setParams] = useSearchParams();
  const vehicleId = params.get('vehicleId');
  const from = params.get('from');
  const to = params.get('to');
  const range: PlaybackRange | null = vehicleId && from && to ? { vehicleId, from, to } : null;

  // From the status board: only the vehicle is given; show today so far.
  useEffect(() => {
    if (!vehicleId || (from && to)) return;
    const today = presetRange('today');
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('from', toOffsetIso(today.from));
        next.set('to', toOffsetIso(today.to));
        return next;
      },
      { replace: true },
    );
  }, [vehicleId, from, to, setParams]);

  const playback = useQuery({
    queryKey: range ? playbackKeys.track(range) : playbackKeys.all,
    queryFn: ({ signal }) => {
      if (!range) throw new Error('No playback range');
      return getPlayback(range, signal);
    },
    enabled: range !== null,
    staleTime: 5 * 60_000,
    // A new range replaces the track on the map already shown (no blank map while it loads).
    placeholderData: keepPreviousData,
  });
  const data = range ? playback.data : undefined;

  const show = (next: PlaybackRange) => setParams(new URLSearchParams({ ...next }));
  const errorText =
    playback.error instanceof ApiError && playback.error.hasServerMessage
      ? playback.error.message
      : t('view.loadFailed');

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <PlaybackFilters
        key={`${vehicleId ?? ''}|${from ?? ''}|${to ?? ''}`}
        vehicleId={vehicleId}
        from={fromOffsetIso(from)}
        to={fromOffsetIso(to)}
        onShow={show}
      />
      {!range && <Alert severity="info">{t('view.choose')}</Alert>}
      {range && playback.isPlaceholderData && (
        <LinearProgress aria-label={t('view.loading')} sx={{ mb: 1 }} />
      )}
      {range && playback.isPending && (
        <Skeleton variant="rounded" height={520} aria-label={t('view.loading')} />
      )}
      {range && playback.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void playback.refetch()}>
              {t('view.retry')}
            </Button>
          }
        >
          {errorText}
        </Alert>
      )}
      {range && !playback.isError && data && data.points.t.length === 0 && (
        <Alert severity="info">{t('view.empty', { registration: data.vehicle.registrationNumber })}</Alert>
      )}
      {range && !playback.isError && data && data.points.t.length > 0 && (
        <PlaybackView data={data} range={range} share={<PlaybackShare data={data} range={range} />} />
      )}
    </>
  );
}
