/**
 * The "Share" button of a playback window (route-playback:share-playback): the share feature's dialog makes a
 * time-limited public link to exactly this vehicle and range.
 */
import type { Playback } from '@civicfleet/shared';
// features/share exports its button for the screens that share (live tracking, playback).
// eslint-disable-next-line no-restricted-imports
import { ShareButton } from '@/features/share';
import type { PlaybackRange } from './api/playback';

export function PlaybackShare({ data, range }: { data: Playback; range: PlaybackRange }) {
  return (
    <ShareButton
      kind="playback"
      vehicleId={range.vehicleId}
      from={new Date(range.from).toISOString()}
      to={new Date(range.to).toISOString()}
      subject={data.vehicle.registrationNumber}
      buttonProps={{ size: 'small', variant: 'outlined' }}
    />
  );
}
