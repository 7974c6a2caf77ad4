/**
 * The division form's rules: the contract's name/code/geometry rules, and the parent as the form holds it — a zone
 * for a circle (`zoneId`), a circle for a ward (`circleId`, `zoneId` only narrowing the choice). Contract and server
 * messages are English; MESSAGE_KEYS finds their `divisions` i18n key.
 */
import {
  ADMIN_DIVISION_TYPES,
  AdminDivisionCreateSchema,
  AreaGeometrySchema,
  GEO_MESSAGES,
  type AdminDivision,
  type AdminDivisionCreate,
  type AdminDivisionType,
} from '@civicfleet/shared';
import { z } from 'zod';
import { ApiError } from '@/api/client';
import { areaOf } from './division-map';

export const DIVISION_FORM_MESSAGES = {
  zone: 'Choose the zone of this circle',
  circle: 'Choose the circle of this ward',
  code: 'The code can have at most 20 characters',
} as const;

export const divisionFormSchema = z
  .object({
    type: z.enum(ADMIN_DIVISION_TYPES),
    name: AdminDivisionCreateSchema.shape.name,
    code: z.string().trim().max(20, DIVISION_FORM_MESSAGES.code),
    zoneId: z.string(),
    circleId: z.string(),
    geometry: AreaGeometrySchema.nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'CIRCLE' && v.zoneId === '')
      ctx.addIssue({ code: 'custom', path: ['zoneId'], message: DIVISION_FORM_MESSAGES.zone });
    if (v.type === 'WARD' && v.circleId === '')
      ctx.addIssue({ code: 'custom', path: ['circleId'], message: DIVISION_FORM_MESSAGES.circle });
  });

export type DivisionFormValues = z.input<typeof divisionFormSchema>;
export type DivisionFormOutput = z.output<typeof divisionFormSchema>;

export const DIVISION_FORM_FIELDS = ['type', 'name', 'code', 'zoneId', 'circleId', 'geometry'] as const;

export function emptyDivisionForm(type: AdminDivisionType = 'WARD'): DivisionFormValues {
  return { type, name: '', code: '', zoneId: '', circleId: '', geometry: null };
}

export function toFormValues(d: AdminDivision): DivisionFormValues {
  return {
    type: d.type,
    name: d.name,
    code: d.code ?? '',
    zoneId: d.type === 'CIRCLE' ? (d.parentId ?? '') : '',
    circleId: d.type === 'WARD' ? (d.parentId ?? '') : '',
    geometry: areaOf(d),
  };
}

/** The parent the server wants: none for a zone, the zone of a circle, the circle of a ward. */
export function parentOf(values: Pick<DivisionFormOutput, 'type' | 'zoneId' | 'circleId'>): string | null {
  if (values.type === 'CIRCLE') return values.zoneId || null;
  if (values.type === 'WARD') return values.circleId || null;
  return null;
}

export function toDivisionBody(values: DivisionFormOutput): AdminDivisionCreate {
  return {
    type: values.type,
    name: values.name,
    code: values.code === '' ? null : values.code,
    parentId: parentOf(values),
    geometry: values.geometry,
  };
}

type DivisionField = (typeof DIVISION_FORM_FIELDS)[number];

/**
 * Server field paths → form fields: `parentId` is the field that holds the parent for this type, and a message deep
 * in the polygon (`geometry.coordinates.0.3`) belongs to the polygon field.
 */
export function serverFieldMap(type: AdminDivisionType, error: unknown): Record<string, DivisionField> {
  const map: Record<string, DivisionField> = {
    parentId: type === 'WARD' ? 'circleId' : type === 'CIRCLE' ? 'zoneId' : 'type',
  };
  if (error instanceof ApiError)
    for (const path of Object.keys(error.errors ?? {}))
      if (path.startsWith('geometry.')) map[path] = 'geometry';
  return map;
}

/** Contract and server messages → `divisions` i18n keys (anything else is shown as sent). */
export const MESSAGE_KEYS: Readonly<Record<string, string>> = {
  'The name is required': 'validation.nameRequired',
  [DIVISION_FORM_MESSAGES.zone]: 'validation.zoneRequired',
  [DIVISION_FORM_MESSAGES.circle]: 'validation.circleRequired',
  [DIVISION_FORM_MESSAGES.code]: 'validation.codeLength',
  'The parent of a circle must be a zone of the same organisation': 'validation.circleParent',
  'The parent of a ward must be a circle of the same organisation': 'validation.wardParent',
  'A zone has no parent': 'validation.zoneParent',
  [GEO_MESSAGES.position]: 'validation.position',
  [GEO_MESSAGES.ring]: 'validation.ring',
  'The geometry must be a GeoJSON Polygon or MultiPolygon': 'validation.area',
  'This division is still used by sub-divisions, vehicles, POIs or recorded visits': 'validation.inUse',
};
