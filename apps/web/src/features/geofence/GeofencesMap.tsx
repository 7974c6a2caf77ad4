/**
 * The list page's overview: the organisations' fences (up to MAP_FENCE_LIMIT) on one map, circles drawn as the
 * area they cover. Loaded lazily by the list page so the list itself does not wait for the map code.
 */
import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { GeoJsonOverlay, MapView, OVERLAY_COLOURS, geometryBounds } from '@/components/map';
import { geofenceKeys, listMapGeofences } from './api/geofences';
import { fenceFeatures } from './fence-features';

export default function GeofencesMap({ height = 280 }: { height?: number }) {
  const { t } = useTranslation('geofence');
  const fences = useQuery({ queryKey: geofenceKeys.map(), queryFn: () => listMapGeofences() });
  const data = useMemo(() => fenceFeatures(fences.data?.items ?? []), [fences.data]);
  const bounds = useMemo(() => geometryBounds(data.features.map((f) => f.geometry)), [data]);
  if (fences.isError) return <Alert severity="error">{t('map.loadFailed')}</Alert>;
  return (
    <MapView bounds={bounds} height={height} ariaLabel={t('map.label')}>
      <GeoJsonOverlay id="geofences" data={data} colour={OVERLAY_COLOURS.fence} fillOpacity={0.2} />
    </MapView>
  );
}
