/** The metrics the drill-down colours its map and charts by, and how a node's figures give each. */
import type { DashboardSeriesMetric, DivisionFigures, DivisionNode } from '@civicfleet/shared';

export const DRILL_METRICS = [
  'trips',
  'distance',
  'coverage',
  'attendance',
  'complaints',
] as const satisfies readonly DashboardSeriesMetric[];
export type DrillMetric = (typeof DRILL_METRICS)[number];

export function metricValue(f: DivisionFigures, metric: DrillMetric): number | null {
  switch (metric) {
    case 'trips':
      return f.disposalTrips;
    case 'distance':
      return f.distanceM / 1000;
    case 'coverage':
      return f.coverage;
    case 'attendance':
      return f.present;
    case 'complaints':
      return f.openComplaints;
  }
}

/** Light → dark; more complaints is worse, so that scale runs to red. */
export const SCALES: Record<'good' | 'bad', readonly string[]> = {
  good: ['#bbdefb', '#90caf9', '#42a5f5', '#1e88e5', '#0d47a1'],
  bad: ['#ffe0b2', '#ffcc80', '#ffa726', '#f4511e', '#b71c1c'],
};
export const NO_DATA_COLOUR = '#9e9e9e';

export const scaleOf = (metric: DrillMetric) => (metric === 'complaints' ? SCALES.bad : SCALES.good);

/** Bucket 0–4 of a value within [0, max] (null: no data). */
export function bucketOf(value: number | null, max: number): number | null {
  if (value === null) return null;
  if (max <= 0) return 0;
  return Math.min(4, Math.floor((value / max) * 5));
}

/** Every ward below the nodes (a ward node itself included). */
export function wardsOf(nodes: DivisionNode[]): DivisionNode[] {
  return nodes.flatMap((n) => (n.type === 'WARD' ? [n] : wardsOf(n.children)));
}

export function findNode(nodes: DivisionNode[], id: string | null): DivisionNode | null {
  if (id === null) return null;
  for (const n of nodes) {
    if (n.id === id) return n;
    const inner = findNode(n.children, id);
    if (inner) return inner;
  }
  return null;
}
