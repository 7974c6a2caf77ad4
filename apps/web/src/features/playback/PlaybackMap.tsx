/**
 * The playback map: the track coloured by speed band (one GeoJSON source, colour by the features' `band`), stops and
 * alerts as circles, and the vehicle — one marker with the live map's icon — moved along the track every animation
 * frame with `setLngLat`: no React render and no map repaint per frame. `focus` fits the view (a trip, a stop).
 */
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Playback } from '@civicfleet/shared';
import type { ExpressionSpecification, Marker as MapLibreMarker } from 'maplibre-gl';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Layer, Marker, Source, useMap } from 'react-map-gl/maplibre';
import { MapView, type Bounds } from '@/components/map';
import { drawVehicleImage, ICON_PIXEL_RATIO } from '@/components/map/vehicle-icons';
import { iconKindOf, vehicleIconKey, vehicleTipKey, type MapVehicle } from '@/components/map/vehicle-style';
import { PLAYBACK_MARKS, PLAYBACK_MEASURE } from './api/playback';
import type { PlaybackClock } from './playback-clock';
import { buildTrack, GAP_COLOUR, positionAt, SPEED_BANDS, type PlaybackPosition } from './playback-math';

const VEHICLE_ID = 'playback-vehicle';
const STOP_COLOURS = { stop: '#c62828', idle: '#f9a825' } as const;
const ALERT_COLOUR = '#6a1b9a';

const BAND_COLOUR: ExpressionSpecification = [
  'match',
  ['get', 'band'],
  ...SPEED_BANDS.flatMap((b) => [b.id, b.colour]),
  GAP_COLOUR,
] as unknown as ExpressionSpecification;

export interface PlaybackMapProps {
  data: Playback;
  clock: PlaybackClock;
  focus: Bounds | null;
}

function markerOf(data: Playback, pos: PlaybackPosition): MapVehicle {
  const speed = pos.speedKph ?? 0;
  return {
    id: VEHICLE_ID,
    lat: pos.lat,
    lon: pos.lon,
    headingDeg: pos.headingDeg,
    status: speed >= 3 ? 'moving' : pos.ignition ? 'idle' : 'stopped',
    kind: data.vehicle.kind ?? null,
    label: data.vehicle.registrationNumber,
  };
}

export function PlaybackMap({ data, clock, focus }: PlaybackMapProps) {
  const { t } = useTranslation('playback');
  const track = useMemo(() => buildTrack(data.points), [data.points]);
  const stops = useMemo(
    () => ({
      type: 'FeatureCollection' as const,
      features: data.stops.flatMap((s) =>
        s.lat === null || s.lon === null
          ? []
          : [
              {
                type: 'Feature' as const,
                properties: { kind: s.kind },
                geometry: { type: 'Point' as const, coordinates: [s.lon, s.lat] },
              },
            ],
      ),
    }),
    [data.stops],
  );
  const alerts = useMemo(
    () => ({
      type: 'FeatureCollection' as const,
      features: data.alerts.flatMap((a) =>
        a.lat === null || a.lon === null
          ? []
          : [
              {
                type: 'Feature' as const,
                properties: { type: a.type },
                geometry: { type: 'Point' as const, coordinates: [a.lon, a.lat] },
              },
            ],
      ),
    }),
    [data.alerts],
  );
  // The marker's first position; later ones go straight to the marker (PlaybackMarker).
  const initial = useMemo(() => {
    const pos = positionAt(data.points, clock.ms);
    return pos ? markerOf(data, pos) : null;
    // Only a new track resets it: the clock moves the marker itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

  return (
    <Box>
      <MapView bounds={focus} height={520} ariaLabel={t('map.label')} fitPadding={48}>
        <Source id="playback-track" type="geojson" data={track}>
          <Layer
            id="playback-track-line"
            type="line"
            filter={['!=', ['get', 'band'], 'gap']}
            layout={{ 'line-join': 'round', 'line-cap': 'round' }}
            paint={{ 'line-color': BAND_COLOUR, 'line-width': 4 }}
          />
          <Layer
            id="playback-track-gap"
            type="line"
            filter={['==', ['get', 'band'], 'gap']}
            paint={{ 'line-color': GAP_COLOUR, 'line-width': 2, 'line-dasharray': [2, 2] }}
          />
        </Source>
        <Source id="playback-stops" type="geojson" data={stops}>
          <Layer
            id="playback-stops-circle"
            type="circle"
            paint={{
              'circle-radius': 6,
              'circle-color': ['match', ['get', 'kind'], 'idle', STOP_COLOURS.idle, STOP_COLOURS.stop],
              'circle-stroke-color': '#ffffff',
              'circle-stroke-width': 2,
            }}
          />
        </Source>
        <Source id="playback-alerts" type="geojson" data={alerts}>
          <Layer
            id="playback-alerts-circle"
            type="circle"
            paint={{
              'circle-radius': 7,
              'circle-color': ALERT_COLOUR,
              'circle-stroke-color': '#ffffff',
              'circle-stroke-width': 2,
            }}
          />
        </Source>
        {initial && <PlaybackMarker data={data} clock={clock} initial={initial} />}
        <FirstDrawMeasure track={track} />
      </MapView>
      <Legend />
    </Box>
  );
}

const ICON_CSS_PX = 36;

/** Paints a vehicle icon (vehicle-icons.ts, the live map's own drawing) onto a canvas. */
function paint(canvas: HTMLCanvasElement | null, key: string): void {
  const image = drawVehicleImage(key);
  const ctx = canvas?.getContext('2d');
  if (!canvas || !ctx || !image) return;
  canvas.width = image.width;
  canvas.height = image.height;
  ctx.putImageData(new ImageData(new Uint8ClampedArray(image.data), image.width, image.height), 0, 0);
}

/**
 * The moving vehicle: ONE map marker (the live map's badge, upright, with its heading tip) moved with `setLngLat`
 * on every clock frame. Moving a marker needs no WebGL repaint of the track and no worker round trip, so a day of
 * 17k fixes plays smoothly even with software rendering; React renders it once per track.
 */
function PlaybackMarker({
  data,
  clock,
  initial,
}: {
  data: Playback;
  clock: PlaybackClock;
  initial: MapVehicle;
}) {
  const marker = useRef<MapLibreMarker>(null);
  const badge = useRef<HTMLCanvasElement>(null);
  const tip = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let shownStatus = '';
    return clock.onFrame((ms) => {
      const pos = positionAt(data.points, ms);
      if (!pos || !marker.current) return;
      const v = markerOf(data, pos);
      marker.current.setLngLat([v.lon, v.lat]);
      if (v.status !== shownStatus) {
        shownStatus = v.status;
        paint(badge.current, vehicleIconKey(iconKindOf(v.kind), v.status));
        paint(tip.current, vehicleTipKey(v.status));
      }
      if (tip.current) {
        tip.current.style.visibility = v.headingDeg === null ? 'hidden' : 'visible';
        tip.current.style.transform = `rotate(${v.headingDeg ?? 0}deg)`;
      }
    });
  }, [clock, data]);
  const size = { position: 'absolute', inset: 0, width: ICON_CSS_PX, height: ICON_CSS_PX } as const;
  return (
    <Marker ref={marker} longitude={initial.lon} latitude={initial.lat} anchor="center">
      <Box
        role="img"
        aria-label={data.vehicle.registrationNumber}
        sx={{ position: 'relative', width: ICON_CSS_PX, height: ICON_CSS_PX, pointerEvents: 'none' }}
      >
        <canvas
          ref={tip}
          style={size}
          width={ICON_CSS_PX * ICON_PIXEL_RATIO}
          height={ICON_CSS_PX * ICON_PIXEL_RATIO}
        />
        <canvas
          ref={badge}
          style={size}
          width={ICON_CSS_PX * ICON_PIXEL_RATIO}
          height={ICON_CSS_PX * ICON_PIXEL_RATIO}
        />
      </Box>
    </Marker>
  );
}

/** Records the time from the answer to the track first drawn (performance measure PLAYBACK_MEASURE). */
function FirstDrawMeasure({ track }: { track: unknown }) {
  const { current } = useMap();
  useEffect(() => {
    const map = current?.getMap();
    if (!map) return;
    let isCurrent = true;
    map.once('idle', () => {
      if (!isCurrent || performance.getEntriesByName(PLAYBACK_MARKS.response).length === 0) return;
      performance.clearMarks(PLAYBACK_MARKS.drawn);
      performance.mark(PLAYBACK_MARKS.drawn);
      performance.clearMeasures(PLAYBACK_MEASURE);
      performance.measure(PLAYBACK_MEASURE, PLAYBACK_MARKS.response, PLAYBACK_MARKS.drawn);
    });
    return () => {
      isCurrent = false;
    };
  }, [current, track]);
  return null;
}

function Swatch({
  colour,
  dashed = false,
  round = false,
}: {
  colour: string;
  dashed?: boolean;
  round?: boolean;
}) {
  return (
    <Box
      aria-hidden
      sx={{
        width: round ? 12 : 22,
        height: round ? 12 : 0,
        borderRadius: round ? '50%' : 0,
        bgcolor: round ? colour : 'transparent',
        borderTop: round ? 'none' : `4px ${dashed ? 'dashed' : 'solid'} ${colour}`,
        border: round ? '2px solid #fff' : undefined,
        boxShadow: round ? 1 : 'none',
      }}
    />
  );
}

function Legend() {
  const { t } = useTranslation('playback');
  const items = [
    ...SPEED_BANDS.map((b, i) => {
      const next = SPEED_BANDS[i + 1];
      const label = next
        ? t('legend.range', { from: b.minKph, to: next.minKph })
        : t('legend.above', { from: b.minKph });
      return { key: b.id, label, swatch: <Swatch colour={b.colour} /> };
    }),
    { key: 'gap', label: t('legend.gap'), swatch: <Swatch colour={GAP_COLOUR} dashed /> },
    { key: 'stop', label: t('legend.stop'), swatch: <Swatch colour={STOP_COLOURS.stop} round /> },
    { key: 'idle', label: t('legend.idle'), swatch: <Swatch colour={STOP_COLOURS.idle} round /> },
    { key: 'alert', label: t('legend.alert'), swatch: <Swatch colour={ALERT_COLOUR} round /> },
  ];
  return (
    <Stack
      component="ul"
      direction="row"
      aria-label={t('legend.label')}
      sx={{ flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0, mt: 1 }}
    >
      {items.map((item) => (
        <Stack component="li" key={item.key} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          {item.swatch}
          <Typography variant="caption">{item.label}</Typography>
        </Stack>
      ))}
    </Stack>
  );
}
