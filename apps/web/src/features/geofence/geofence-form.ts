/**
 * The geofence form's rules. The form holds the shape choice, the drawn geometry and text for the numbers; on submit
 * they become a GeofenceInput checked by the contract's GeofenceInputSchema, so the server's rules are the form's.
 * A polygon fence is an area (Polygon / MultiPolygon) without a radius; a circle fence is a centre Point with
 * `radiusM` metres. `dwellS` is seconds. Contract messages are English; `MESSAGE_KEYS` finds their i18n key.
 */
import {
  FenceGeometrySchema,
  GEOFENCE_KINDS,
  GEOFENCE_MESSAGES,
  GEO_MESSAGES,
  GeofenceInputSchema,
  type Geofence,
  type GeofenceInput,
  type GeofenceKind,
} from '@civicfleet/shared';
import { z } from 'zod';
import type { EditableGeometry } from '@/components/map';

export const GEOFENCE_LIST_PATH = '/management/geofence';
export const GEOFENCE_SHAPES = ['polygon', 'circle'] as const;
export type GeofenceShape = (typeof GEOFENCE_SHAPES)[number];

export const FORM_MESSAGES = {
  number: 'Enter a whole number',
  polygonRequired: 'Draw the area on the map, or paste or import its GeoJSON',
  centreRequired: 'Place the centre on the map, or paste its GeoJSON point',
  dwell: 'The dwell time must be 0 to 86,400 seconds',
} as const;

const GeofenceFormSchema = z.object({
  name: z.string(),
  kind: z.enum(GEOFENCE_KINDS),
  shape: z.enum(GEOFENCE_SHAPES),
  /** What GeometryField holds: an area for a polygon fence, a Point for a circle fence. */
  geometry: z.custom<EditableGeometry | null>(),
  radiusM: z.string(),
  dwellS: z.string(),
});
export type GeofenceFormValues = z.input<typeof GeofenceFormSchema>;

const isWholeNumber = (text: string) => /^\d+$/.test(text);

export function geofenceFormSchema() {
  return GeofenceFormSchema.transform((values, ctx): GeofenceInput => {
    const typed = new Set<string>();
    const number = (field: 'radiusM' | 'dwellS') => {
      const text = values[field].trim();
      if (text === '') return null;
      if (isWholeNumber(text)) return Number(text);
      typed.add(field);
      ctx.addIssue({ code: 'custom', path: [field], message: FORM_MESSAGES.number });
      return null;
    };
    const isCircle = values.shape === 'circle';
    const radiusM = isCircle ? number('radiusM') : null;
    const dwellS = number('dwellS');
    const geometry = values.geometry;
    const wrongShape = geometry !== null && (geometry.type === 'Point') !== isCircle;
    if (geometry === null || wrongShape) {
      typed.add('geometry');
      ctx.addIssue({
        code: 'custom',
        path: ['geometry'],
        message: isCircle ? FORM_MESSAGES.centreRequired : FORM_MESSAGES.polygonRequired,
      });
    }
    const parsed = GeofenceInputSchema.safeParse({
      name: values.name,
      kind: values.kind,
      geometry,
      radiusM,
      dwellS,
    });
    if (parsed.success && typed.size === 0) return parsed.data;
    for (const issue of parsed.error?.issues ?? []) {
      const [field] = issue.path;
      if (typeof field !== 'string' || typed.has(field)) continue;
      typed.add(field);
      const message = field === 'dwellS' ? FORM_MESSAGES.dwell : issue.message;
      ctx.addIssue({ code: 'custom', path: [field], message });
    }
    return z.NEVER;
  });
}

/** Fields a server message may name (anything else, e.g. organisationId, shows in the toast). */
export const GEOFENCE_FORM_FIELDS = ['name', 'kind', 'geometry', 'radiusM', 'dwellS'] as const;

export const EMPTY_GEOFENCE_FORM: GeofenceFormValues = {
  name: '',
  kind: 'other',
  shape: 'polygon',
  geometry: null,
  radiusM: '200',
  dwellS: '',
};

/** A stored fence's geometry as the map edits it; null when the server holds something the form cannot show. */
export function fenceGeometry(fence: Pick<Geofence, 'geometry'>): EditableGeometry | null {
  const parsed = FenceGeometrySchema.safeParse(fence.geometry);
  return parsed.success ? parsed.data : null;
}

export function toFormValues(fence: Geofence): GeofenceFormValues {
  const geometry = fenceGeometry(fence);
  return {
    name: fence.name,
    kind: fence.kind,
    shape: geometry?.type === 'Point' ? 'circle' : 'polygon',
    geometry,
    radiusM: fence.radiusM === null ? EMPTY_GEOFENCE_FORM.radiusM : String(fence.radiusM),
    dwellS: fence.dwellS === null ? '' : String(fence.dwellS),
  };
}

export function isGeofenceKind(value: string): value is GeofenceKind {
  return (GEOFENCE_KINDS as readonly string[]).includes(value);
}

/** Contract, form and server messages → `geofence` i18n keys (anything else is shown as sent). */
export const MESSAGE_KEYS: Readonly<Record<string, string>> = {
  'The name is required': 'validation.nameRequired',
  [GEOFENCE_MESSAGES.radiusRequired]: 'validation.radius',
  [GEOFENCE_MESSAGES.radiusOnlyForPoint]: 'validation.radiusOnlyForPoint',
  [GEO_MESSAGES.position]: 'validation.position',
  [GEO_MESSAGES.ring]: 'validation.ring',
  'The geometry must be a GeoJSON Polygon, MultiPolygon or Point': 'validation.geometryType',
  [FORM_MESSAGES.number]: 'validation.number',
  [FORM_MESSAGES.polygonRequired]: 'validation.polygonRequired',
  [FORM_MESSAGES.centreRequired]: 'validation.centreRequired',
  [FORM_MESSAGES.dwell]: 'validation.dwell',
  'This geofence belongs to a POI: edit or delete the POI instead.': 'validation.poiOwned',
};
