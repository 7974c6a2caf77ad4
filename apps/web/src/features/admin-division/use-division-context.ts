/**
 * What the polygon field draws faintly around the division being edited: its siblings (same type and parent) and its
 * parent's outline. Fetched only where the map can draw (WebGL); one GET per polygon (lists carry no geometry).
 */
import type { AdminDivisionType } from '@civicfleet/shared';
import type { FeatureCollection } from 'geojson';
import { useMemo } from 'react';
import { hasWebGl } from '@/components/map';
import { useDivisionGeometries, useDivisions, type DivisionFilter } from './api/admin-divisions';
import { divisionCollection } from './division-map';

interface Where {
  type: AdminDivisionType;
  zoneId: string;
  circleId: string;
  selfId?: string | undefined;
}

function siblingFilter({ type, zoneId, circleId }: Where): DivisionFilter {
  if (type === 'CIRCLE') return { type, parentZone: zoneId || undefined };
  if (type === 'WARD')
    return circleId ? { type, parentCircle: circleId } : { type, parentZone: zoneId || undefined };
  return { type };
}

export function useDivisionContext(where: Where): FeatureCollection | undefined {
  const isDrawn = hasWebGl();
  const siblings = useDivisions(siblingFilter(where), isDrawn);
  const parentId = where.type === 'WARD' ? where.circleId : where.type === 'CIRCLE' ? where.zoneId : '';
  const ids = useMemo(() => {
    if (!isDrawn) return [];
    const own = (siblings.data ?? []).map((d) => d.id).filter((id) => id !== where.selfId);
    return parentId ? [parentId, ...own] : own;
  }, [isDrawn, siblings.data, parentId, where.selfId]);
  const { divisions } = useDivisionGeometries(ids);
  return useMemo(() => (divisions.length > 0 ? divisionCollection(divisions) : undefined), [divisions]);
}
