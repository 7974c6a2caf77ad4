/**
 * D2D collection view: coverage per ward and route (summed from the rows) and a map of the points — missed red,
 * served green — fitted to them. The map is for looking; every point is also a row of the table below, so the page
 * reads the same without the map (no WebGL, screen readers).
 */
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { ReportRow } from '@civicfleet/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { GeoJsonOverlay, MapView, featureCollection, geometryBounds } from '@/components/map';
import type { ReportViewProps } from '../../types';

export interface CoverageGroup {
  ward: string | null;
  route: string;
  planned: number;
  served: number;
}

/** Planned and served visits per ward and route, in row order. */
export function coverageGroups(rows: readonly ReportRow[]): CoverageGroup[] {
  const groups = new Map<string, CoverageGroup>();
  for (const row of rows) {
    const ward = typeof row.ward === 'string' ? row.ward : null;
    const route = String(row.route ?? '');
    const key = `${ward ?? ''}|${route}`;
    const group = groups.get(key) ?? { ward, route, planned: 0, served: 0 };
    group.planned += Number(row.planned ?? 0);
    group.served += Number(row.served ?? 0);
    groups.set(key, group);
  }
  return [...groups.values()];
}

const percent = (part: number, whole: number) => (whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '-');

function pointsOf(rows: readonly ReportRow[], missed: boolean) {
  return featureCollection(
    rows
      .filter((row) => Number(row.missed ?? 0) > 0 === missed)
      .map((row) => ({
        geometry: { type: 'Point', coordinates: [Number(row.lon), Number(row.lat)] },
        properties: { name: String(row.point ?? '') },
      })),
  );
}

export function D2dCoverageView({ run }: ReportViewProps) {
  const { t } = useTranslation('reportsSwm');
  const theme = useTheme();
  const groups = useMemo(() => coverageGroups(run.rows), [run.rows]);
  const missed = useMemo(() => pointsOf(run.rows, true), [run.rows]);
  const served = useMemo(() => pointsOf(run.rows, false), [run.rows]);
  const bounds = useMemo(
    () => geometryBounds([...missed.features, ...served.features].map((f) => f.geometry)),
    [missed, served],
  );
  if (run.rows.length === 0) return null;
  return (
    <Stack spacing={2} sx={{ mb: 2 }}>
      <Paper variant="outlined" sx={{ p: 1 }}>
        <Typography variant="subtitle2" component="h2" id="d2d-coverage" sx={{ px: 1, pt: 0.5 }}>
          {t('d2d-collection.view.coverage')}
        </Typography>
        <Table size="small" aria-labelledby="d2d-coverage">
          <TableHead>
            <TableRow>
              <TableCell>{t('d2d-collection.columns.ward')}</TableCell>
              <TableCell>{t('d2d-collection.columns.route')}</TableCell>
              <TableCell align="right">{t('d2d-collection.columns.planned')}</TableCell>
              <TableCell align="right">{t('d2d-collection.columns.served')}</TableCell>
              <TableCell align="right">{t('d2d-collection.columns.coverage')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {groups.map((g) => (
              <TableRow key={`${g.ward ?? ''}|${g.route}`}>
                <TableCell>{g.ward ?? '-'}</TableCell>
                <TableCell>{g.route}</TableCell>
                <TableCell align="right">{g.planned}</TableCell>
                <TableCell align="right">{g.served}</TableCell>
                <TableCell align="right">{percent(g.served, g.planned)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <MapView
          height={360}
          ariaLabel={t('d2d-collection.view.map')}
          unavailableMessage={t('d2d-collection.view.noMap')}
          bounds={bounds}
        >
          <GeoJsonOverlay id="d2d-served" data={served} colour={theme.palette.success.main} />
          <GeoJsonOverlay id="d2d-missed" data={missed} colour={theme.palette.error.main} />
        </MapView>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', px: 1.5, py: 0.5 }}>
          {t('d2d-collection.view.legend')}
        </Typography>
      </Paper>
    </Stack>
  );
}
