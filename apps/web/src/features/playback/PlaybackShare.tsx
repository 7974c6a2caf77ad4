/**
 * The "Share" button of a playback window (route-playback:share-playback): the share feature's dialog makes a
 * time-limited public link to exactly this vehicle and range.
 */
import type { Playback } from '@civicfleet/shared';
import { FeatureSlot } from '@/components/slots/feature-slots';
import type { PlaybackRange } from './api/playback';

export function PlaybackShare({ data, range }: { data: Playback; range: PlaybackRange }) {
  return (
    <FeatureSlot
      name="ShareButton"
      kind="playback"
      vehicleId={range.vehicleId}
      from={new Date(range.from).toISOString()}
      to={new Date(range.to).toISOString()}
      subject={data.vehicle.registrationNumber}
      buttonProps={{ size: 'small', variant: 'outlined' }}
    />
  );
}
