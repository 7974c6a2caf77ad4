/**
 * What the polygon field draws faintly around the division being edited: its siblings (same type and parent) and its
 * parent's outline. Fetched only where the map can draw (WebGL): the siblings' list with geometry and the parent.
 */
import type { AdminDivisionType } from '@civicfleet/shared';
import type { FeatureCollection } from 'geojson';
import { useMemo } from 'react';
import { hasWebGl } from '@/components/map';
import { useDivision, useDivisions, type DivisionFilter } from './api/admin-divisions';
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
  const siblings = useDivisions({ ...siblingFilter(where), withGeometry: true }, isDrawn);
  const parentId = where.type === 'WARD' ? where.circleId : where.type === 'CIRCLE' ? where.zoneId : '';
  const parent = useDivision(isDrawn && parentId ? parentId : undefined);
  return useMemo(() => {
    const own = (siblings.data ?? []).filter((d) => d.id !== where.selfId);
    const divisions = parent.data ? [parent.data, ...own] : own;
    return divisions.length > 0 ? divisionCollection(divisions) : undefined;
  }, [siblings.data, parent.data, where.selfId]);
}
