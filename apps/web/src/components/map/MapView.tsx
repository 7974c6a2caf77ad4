/**
 * The map any page uses: lazy-loads MapCanvas (MapLibre) behind a skeleton, and where the browser has no WebGL
 * shows a message instead — the forms that use a map always offer typing or importing the shape as well.
 */
import { Alert, Skeleton } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapCanvasProps } from './MapCanvas';

const MapCanvas = lazy(() => import('./MapCanvas'));

/** WebGL 2 is what MapLibre 6 needs; jsdom (page tests) and very old browsers lack it. */
export function hasWebGl(): boolean {
  return typeof window !== 'undefined' && 'WebGL2RenderingContext' in window;
}

export type MapViewProps = MapCanvasProps & {
  /** The no-WebGL notice; default: the editing forms' text (type, paste or import the shape instead). */
  unavailableMessage?: string;
};

export function MapView({ unavailableMessage, ...props }: MapViewProps) {
  const { t } = useTranslation('common');
  const height = props.height ?? 420;
  if (!hasWebGl())
    return (
      <Alert severity="info" role="status" aria-label={props.ariaLabel}>
        {unavailableMessage ?? t('map.unavailable')}
      </Alert>
    );
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={height} aria-label={t('map.loading')} />}>
      <MapCanvas {...props} />
    </Suspense>
  );
}
