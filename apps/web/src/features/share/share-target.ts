import type { Share } from '@civicfleet/shared';
import type { TFunction } from 'i18next';
import { formatDateTime } from '@/lib/format';

/** What a link shows, in words: "MP09AB1234", "Group North zone", "Route 12 (Ward 3)", with the playback window. */
export function shareTarget(t: TFunction, share: Share): string {
  if (share.kind === 'collection' && share.collection)
    return t(`target.${share.collection.context}`, {
      name: share.collection.name ?? `#${share.collection.id}`,
    });
  const subject =
    share.vehicle?.registrationNumber ?? (share.group ? t('target.group', { name: share.group.name }) : '');
  if (share.kind === 'playback' && share.from && share.to)
    return t('target.window', { subject, from: formatDateTime(share.from), to: formatDateTime(share.to) });
  return subject;
}
