/** How the geofence screens name a fence's kind, shape, dwell and vehicles, and translate contract messages. */
import type { Geofence, GeofenceKind } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import { MESSAGE_KEYS } from './geofence-form';

export function useFenceLabels() {
  const { t } = useTranslation('geofence');
  return {
    kind: (kind: GeofenceKind) => t(`kinds.${kind}`),
    /** Circle / Polygon / Multi-polygon, from the stored geometry's type. */
    shape: (fence: Pick<Geofence, 'geometry'>) => {
      const type = fence.geometry.type;
      if (type === 'Point') return t('shapes.circle');
      if (type === 'MultiPolygon') return t('shapes.multiPolygon');
      return t('shapes.polygon');
    },
    /** The override in seconds, or the organisation's own setting. */
    dwell: (dwellS: number | null) =>
      dwellS === null ? t('list.organisationDwell') : t('list.seconds', { count: dwellS }),
    /** "All vehicles" for a fence assigned to none (it applies to every vehicle of its organisation). */
    vehicles: (count: number) => (count === 0 ? t('list.allVehicles') : t('list.vehicleCount', { count })),
  };
}

/** Contract and server messages by their geofence i18n keys; others as sent. */
export function useGeofenceMessages(): (message: string) => string {
  const { t } = useTranslation('geofence');
  return (message) => {
    const key = MESSAGE_KEYS[message];
    return key ? t(key) : message;
  };
}
