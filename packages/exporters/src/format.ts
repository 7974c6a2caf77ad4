import { DEFAULT_TIME_ZONE, type ExportCell } from './types.ts';

/** The text of a cell as every format shows it: empty for null/undefined, Yes/No never guessed (callers format). */
export function cellText(value: ExportCell): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

/** `dd/MM/yyyy HH:mm:ss` in the given zone (spec 02 §9: DD/MM/YYYY, HH:mm:ss, Asia/Kolkata). */
export function formatDateTime(date: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}:${part('second')}`;
}
