/** POST /device/bulk: CSV or a list of devices → one create per row, each row's outcome reported (no all-or-nothing). */
import {
  DeviceInputSchema,
  type BulkResult,
  type BulkRowResult,
  type DeviceBulkCreate,
} from '@civicfleet/shared';
import { AppError, BadRequestError } from '../../http/errors.ts';
import type { Actor } from '../organisation/scope.ts';
import type { DeviceService } from './device.service.ts';

/** Rows per request: a manufacturer's shipment sheet, not a data migration. */
export const BULK_MAX_ROWS = 2000;

/** Splits one CSV line, honouring double quotes ("a,b" and "" escapes). */
function splitCsvLine(line: string): string[] {
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

/** Header row → objects keyed by the header names (case as given; blank lines skipped). */
export function parseDeviceCsv(csv: string): Array<Record<string, string>> {
  const lines = csv
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '');
  const [header, ...body] = lines;
  if (header === undefined) throw new BadRequestError('The CSV is empty.', { csv: 'Empty' });
  const names = splitCsvLine(header);
  if (!names.includes('imei')) {
    throw new BadRequestError('The CSV header must include an imei column.', { csv: 'No imei column' });
  }
  return body.map((line) => {
    const cells = splitCsvLine(line);
    return Object.fromEntries(names.map((name, i) => [name, cells[i] ?? '']));
  });
}

export async function bulkCreateDevices(
  devices: DeviceService,
  actor: Actor,
  body: DeviceBulkCreate,
): Promise<BulkResult> {
  const rows = body.csv === undefined ? (body.devices ?? []) : parseDeviceCsv(body.csv);
  if (rows.length === 0) throw new BadRequestError('No devices to add.', { csv: 'No rows' });
  if (rows.length > BULK_MAX_ROWS) {
    throw new BadRequestError(`At most ${BULK_MAX_ROWS} devices at a time.`, { csv: 'Too many rows' });
  }
  const results: BulkRowResult[] = [];
  for (const [index, raw] of rows.entries()) {
    const key = typeof raw.imei === 'string' ? raw.imei : '';
    const parsed = DeviceInputSchema.safeParse({
      ...raw,
      ...(body.organisationId === undefined ? {} : { organisationId: body.organisationId }),
    });
    if (!parsed.success) {
      const message = parsed.error.issues
        .map((issue) => `${issue.path.join('.') || 'row'}: ${issue.message}`)
        .join('; ');
      results.push({ row: index + 1, key, ok: false, message, id: null });
      continue;
    }
    try {
      const created = await devices.create(actor, parsed.data);
      results.push({ row: index + 1, key, ok: true, message: 'Added', id: created.id });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ row: index + 1, key, ok: false, message: error.message, id: null });
    }
  }
  const succeeded = results.filter((r) => r.ok).length;
  return { succeeded, failed: results.length - succeeded, results };
}
