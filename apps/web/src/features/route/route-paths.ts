/** Paths of the route screens (lib/paths.ts has only the KML one; see the feature's report). */
import { paths } from '@/lib/paths';

export const ROUTE_LIST_PATH = '/management/route';
export const ROUTE_ADD_PATH = `${ROUTE_LIST_PATH}/add`;
export const ROUTE_ADD_KML_PATH = paths.management.routeAddKml;
export const routeEditPath = (id: string) => `${ROUTE_LIST_PATH}/edit/${encodeURIComponent(id)}`;
