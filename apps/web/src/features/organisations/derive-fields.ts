/** The derive thresholds as the settings form shows them: the contract's fields with their units (from the names). */
import {
  DeriveSettingsValuesSchema,
  type DeriveSettingsPatch,
  type DeriveSettingsValues,
} from '@civicfleet/shared';

export type DeriveField = keyof DeriveSettingsValues;
export type DeriveUnit = 's' | 'm' | 'kph' | 'kmpl' | 'text';

export const DERIVE_FIELDS = Object.keys(DeriveSettingsValuesSchema.shape) as DeriveField[];

export function unitOf(field: DeriveField): DeriveUnit {
  if (field.endsWith('Kph')) return 'kph';
  if (field.endsWith('Kmpl')) return 'kmpl';
  if (field.endsWith('S')) return 's';
  if (field.endsWith('M')) return 'm';
  return 'text';
}

/** Form state: one string per field; '' means "not stored here" (inherited). */
export type DeriveFormValues = Record<DeriveField, string>;

export function toDeriveForm(stored: Partial<DeriveSettingsValues>): DeriveFormValues {
  return Object.fromEntries(
    DERIVE_FIELDS.map((f) => {
      const value = stored[f];
      return [f, value === undefined || value === null ? '' : String(value)];
    }),
  ) as DeriveFormValues;
}

/** The patch to store: only the filled fields, numbers parsed (the server checks the bounds). */
export function toDerivePatch(values: DeriveFormValues): {
  patch: DeriveSettingsPatch;
  invalid: DeriveField[];
} {
  const patch: Record<string, number | string> = {};
  const invalid: DeriveField[] = [];
  for (const f of DERIVE_FIELDS) {
    const raw = values[f].trim();
    if (raw === '') continue;
    if (unitOf(f) === 'text') {
      patch[f] = raw;
      continue;
    }
    const n = Number(raw);
    if (Number.isFinite(n)) patch[f] = n;
    else invalid.push(f);
  }
  return { patch: patch as DeriveSettingsPatch, invalid };
}
