/**
 * The drill-down's map: the wards below the current division, each filled by the chosen metric (five buckets of the
 * largest value; grey without data), from the admin-division geometry. One GeoJsonOverlay per bucket.
 */
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DivisionNode } from '@civicfleet/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { featureCollection, GeoJsonOverlay, geometryBounds, MapView } from '@/components/map';
import { useDivisionList } from './api/dashboard';
import { bucketOf, metricValue, NO_DATA_COLOUR, scaleOf, type DrillMetric } from './division-metrics';

export interface WardMetricMapProps {
  wards: DivisionNode[];
  metric: DrillMetric;
  formatValue: (value: number | null) => string;
}

type Geometry = { type: string; coordinates?: unknown };

export function WardMetricMap({ wards, metric, formatValue }: WardMetricMapProps) {
  const { t } = useTranslation('dashboard');
  const geometry = useDivisionList(true);
  const scale = scaleOf(metric);
  const { groups, bounds, max } = useMemo(() => {
    const shapes = new Map(
      (geometry.data ?? []).flatMap((d) => (d.geometry ? [[d.id, d.geometry as unknown as Geometry]] : [])),
    );
    const values = wards.map((w) => metricValue(w.figures, metric));
    const top = Math.max(0, ...values.map((v) => v ?? 0));
    const byBucket = new Map<
      number | null,
      Array<{ geometry: Geometry; properties: Record<string, unknown> }>
    >();
    wards.forEach((w, i) => {
      const shape = shapes.get(w.id);
      if (!shape) return;
      const bucket = bucketOf(values[i] ?? null, top);
      byBucket.set(bucket, [
        ...(byBucket.get(bucket) ?? []),
        { geometry: shape, properties: { name: w.name } },
      ]);
    });
    const present = wards.flatMap((w) => {
      const shape = shapes.get(w.id);
      return shape ? [shape] : [];
    });
    return { groups: [...byBucket.entries()], bounds: geometryBounds(present), max: top };
  }, [geometry.data, wards, metric]);

  return (
    <Box>
      <MapView
        ariaLabel={t('divisions.map')}
        height={360}
        bounds={bounds}
        unavailableMessage={t('divisions.noMap')}
      >
        {groups.map(([bucket, items]) => (
          <GeoJsonOverlay
            key={`${metric}-${bucket ?? 'none'}`}
            id={`ward-metric-${bucket ?? 'none'}`}
            data={featureCollection(items)}
            colour={bucket === null ? NO_DATA_COLOUR : (scale[bucket] ?? NO_DATA_COLOUR)}
            fillOpacity={0.65}
            lineWidth={1}
          />
        ))}
      </MapView>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', gap: 1, mt: 1, flexWrap: 'wrap' }}
        aria-label={t('divisions.legend')}
      >
        <Typography variant="caption">{formatValue(0)}</Typography>
        {scale.map((c) => (
          <Box key={c} sx={{ width: 28, height: 12, bgcolor: c, borderRadius: 0.5 }} />
        ))}
        <Typography variant="caption">{formatValue(max)}</Typography>
        <Box sx={{ width: 12, height: 12, bgcolor: NO_DATA_COLOUR, borderRadius: 0.5, ml: 2 }} />
        <Typography variant="caption">{t('divisions.noData')}</Typography>
      </Stack>
    </Box>
  );
}
