/** POST /vehicle/bulk: a CSV → one create per data row; valid rows are created, invalid ones explained (no rollback). */
import {
  VEHICLE_CSV_COLUMNS,
  VehicleInputSchema,
  type VehicleBulkInput,
  type VehicleBulkResult,
  type VehicleBulkRowResult,
} from '@civicfleet/shared';
import { BadRequestError } from '../../http/errors.ts';
import type { Actor } from '../organisation/scope.ts';
import { rowMessage, type VehicleAdminService } from './vehicle-admin.service.ts';

/** Rows per upload: a city's fleet register, not a data migration. */
export const VEHICLE_BULK_MAX_ROWS = 2000;

/** Splits one CSV line, honouring double quotes ("a,b" and "" escapes). */
export function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  return cells.map((c) => c.trim());
}

const KNOWN = new Set<string>(VEHICLE_CSV_COLUMNS);

export function parseVehicleCsv(csv: string): Array<Record<string, string>> {
  const lines = csv
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '');
  const [header, ...body] = lines;
  if (header === undefined) throw new BadRequestError('The CSV is empty.', { csv: 'The CSV is empty.' });
  const names = splitCsvLine(header);
  const unknown = names.filter((n) => !KNOWN.has(n));
  if (!names.includes('registrationNumber') || unknown.length > 0) {
    const message = `Required fields are not present or Headers are wrong${unknown.length ? `: ${unknown.join(', ')}` : ''}`;
    throw new BadRequestError(message, { csv: message });
  }
  if (body.length === 0) throw new BadRequestError('The CSV has no data rows.', { csv: 'No data rows.' });
  if (body.length > VEHICLE_BULK_MAX_ROWS) {
    const message = `At most ${VEHICLE_BULK_MAX_ROWS} rows per upload.`;
    throw new BadRequestError(message, { csv: message });
  }
  return body.map((line) => {
    const cells = splitCsvLine(line);
    return Object.fromEntries(names.map((name, i) => [name, cells[i] ?? '']));
  });
}

/** A CSV row as a VehicleInput body: blanks dropped, the speed limit as a number. */
function toBody(cells: Record<string, string>, organisationId: string | undefined) {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(cells)) {
    if (value === '') continue;
    body[key] = key === 'speedLimitKph' ? Number(value) : key === 'kind' ? value.toUpperCase() : value;
  }
  if (organisationId !== undefined) body.organisationId = organisationId;
  return body;
}

export async function bulkCreateVehicles(
  service: VehicleAdminService,
  actor: Actor,
  input: VehicleBulkInput,
): Promise<VehicleBulkResult> {
  const rows: VehicleBulkRowResult[] = [];
  const parsed = parseVehicleCsv(input.csv);
  for (const [index, cells] of parsed.entries()) {
    const row = index + 1;
    const body = VehicleInputSchema.safeParse(toBody(cells, input.organisationId));
    if (!body.success) {
      const issue = body.error.issues[0];
      const where = issue?.path.join('.') ?? '';
      rows.push({ row, success: false, message: `${where}: ${issue?.message ?? 'Invalid row'}` });
      continue;
    }
    try {
      const vehicle = await service.create(actor, body.data);
      rows.push({ row, success: true, message: `Created ${vehicle.registrationNumber}`, id: vehicle.id });
    } catch (error) {
      rows.push({ row, success: false, message: rowMessage(error) });
    }
  }
  const created = rows.filter((r) => r.success).length;
  return { created, failed: rows.length - created, rows };
}
