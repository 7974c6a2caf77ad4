/**
 * The route form's rules: the contract's RouteInputSchema with the numbers the form holds as text (corridor width,
 * checkpoint latitude/longitude), the path as the line field's value, and the vehicles to assign. Contract and server
 * messages are English; MESSAGE_KEYS finds their `divisions` i18n key.
 */
import {
  GEO_MESSAGES,
  LineStringGeometrySchema,
  RouteCheckpointSchema,
  RouteInputSchema,
  type Route,
  type RouteInput,
} from '@civicfleet/shared';
import { z } from 'zod';
import { ApiError } from '@/api/client';

export const ROUTE_FORM_MESSAGES = {
  number: 'Enter a number',
  path: 'Draw the route on the map or paste it as GeoJSON',
} as const;

/** The contract's own messages (route.contract.ts), repeated here to find their i18n keys. */
const CORRIDOR_MESSAGE = 'The corridor width must be 5 to 2,000 metres';
const LATITUDE_MESSAGE = 'The latitude must be inside India';
const LONGITUDE_MESSAGE = 'The longitude must be inside India';

/** Text that must hold a decimal number, then the contract's rule on the number. */
const numberText = (rule: z.ZodType<number, number>, message: string = ROUTE_FORM_MESSAGES.number) =>
  z
    .string()
    .trim()
    .refine((v) => /^-?\d+(\.\d+)?$/.test(v), message)
    .transform(Number)
    .pipe(rule);

export const routeFormSchema = z.object({
  name: RouteInputSchema.shape.name,
  corridorM: numberText(RouteInputSchema.shape.corridorM.unwrap(), CORRIDOR_MESSAGE),
  path: LineStringGeometrySchema.nullable()
    .refine((v) => v !== null, ROUTE_FORM_MESSAGES.path)
    .transform((v) => v as NonNullable<typeof v>),
  checkpoints: z.array(
    z.object({
      name: RouteCheckpointSchema.shape.name,
      lat: numberText(RouteCheckpointSchema.shape.lat, LATITUDE_MESSAGE),
      lon: numberText(RouteCheckpointSchema.shape.lon, LONGITUDE_MESSAGE),
      poiId: z.string().transform((v) => (v === '' ? null : v)),
    }),
  ),
  vehicleIds: z.array(z.string()),
});

export type RouteFormValues = z.input<typeof routeFormSchema>;
export type RouteFormOutput = z.output<typeof routeFormSchema>;
export type CheckpointValues = RouteFormValues['checkpoints'][number];

export const EMPTY_CHECKPOINT: CheckpointValues = { name: '', lat: '', lon: '', poiId: '' };

export const EMPTY_ROUTE_FORM: RouteFormValues = {
  name: '',
  corridorM: '50',
  path: null,
  checkpoints: [],
  vehicleIds: [],
};

export function toFormValues(route: Route): RouteFormValues {
  const path = LineStringGeometrySchema.safeParse(route.path);
  return {
    name: route.name,
    corridorM: String(route.corridorM),
    path: path.success ? path.data : null,
    checkpoints: route.checkpoints.map((c) => ({
      name: c.name,
      lat: String(c.lat),
      lon: String(c.lon),
      poiId: c.poiId ?? '',
    })),
    vehicleIds: route.vehicleIds,
  };
}

export function toRouteBody(values: RouteFormOutput): RouteInput {
  const { vehicleIds: _vehicles, ...route } = values;
  return route;
}

export const isSameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/** Form fields the server may name (checkpoint rows by index); anything deeper in the path is the path's. */
export function serverFields(error: unknown): {
  fields: string[];
  map: Record<string, 'path' | 'checkpoints'>;
} {
  const fields = ['name', 'corridorM', 'path', 'checkpoints', 'vehicleIds'];
  const map: Record<string, 'path' | 'checkpoints'> = {};
  if (error instanceof ApiError)
    for (const key of Object.keys(error.errors ?? {})) {
      if (/^checkpoints\.\d+\.(name|lat|lon|poiId)$/.test(key)) fields.push(key);
      else if (key.startsWith('path.')) map[key] = 'path';
      else if (key.startsWith('checkpoints.')) map[key] = 'checkpoints';
    }
  return { fields, map };
}

/** Contract and server messages → `divisions` i18n keys (anything else is shown as sent). */
export const MESSAGE_KEYS: Readonly<Record<string, string>> = {
  'The name is required': 'validation.nameRequired',
  'Each checkpoint needs a name': 'validation.checkpointName',
  [ROUTE_FORM_MESSAGES.number]: 'validation.number',
  [ROUTE_FORM_MESSAGES.path]: 'validation.pathRequired',
  [CORRIDOR_MESSAGE]: 'validation.corridor',
  [LATITUDE_MESSAGE]: 'validation.latitude',
  [LONGITUDE_MESSAGE]: 'validation.longitude',
  [GEO_MESSAGES.position]: 'validation.position',
  [GEO_MESSAGES.line]: 'validation.line',
  'The KML has no LineString to use as the route': 'validation.kmlNoLine',
  'The KML has no Placemark': 'validation.kmlNoPlacemark',
  'KML files with a DOCTYPE or entity declarations are not accepted': 'validation.kmlDoctype',
  'The file is empty': 'validation.fileEmpty',
};
