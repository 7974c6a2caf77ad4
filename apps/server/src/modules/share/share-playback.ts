/**
 * The playback a share link shows: the playback module's service, exactly as the signed-in playback screen gets it
 * (the public service keeps only the contract's fields), and the longest window an organisation allows.
 */
import { PLAYBACK_DEFAULT_MAX_DAYS, PLAYBACK_MAX_DAYS_LIMIT } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import type { ModuleDeps } from '../../http/types.ts';
import { readPlaybackMaxDays } from '../playback/playback.repository.ts';
import { createPlaybackService } from '../playback/playback.service.ts';
import type { PlaybackOf } from './share-public.service.ts';

export function createSharePlayback(deps: ModuleDeps): { playbackOf: PlaybackOf; close(): void } {
  const service = createPlaybackService(deps);
  return {
    playbackOf: (vehicleId, from, to) => service.playback(vehicleId, from, to),
    close: () => service.close(),
  };
}

/** The organisation's (or nearest ancestor's) playback range in days, as the playback screen applies it. */
export async function maxPlaybackDays(db: Db, organisationId: bigint): Promise<number> {
  const days = (await readPlaybackMaxDays(db, organisationId)) ?? PLAYBACK_DEFAULT_MAX_DAYS;
  return Math.min(days, PLAYBACK_MAX_DAYS_LIMIT);
}
