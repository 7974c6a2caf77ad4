/**
 * GT06 date/time: 6 bytes YY MM DD hh mm ss, UTC on the devices we target (§8.3; a login timezone is reported in io
 * but not applied). Built as text without Date objects: this runs once per position on the hot path.
 */
import type { ByteReader } from '../core/byte-reader.ts';

const PAD2: string[] = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** ISO-8601 UTC text for the 6 bytes at `offset`, or null when a field is out of range (e.g. month 0, 31 Feb). */
export function readDateTime(r: ByteReader, offset: number): string | null {
  const yy = r.u8At(offset);
  const month = r.u8At(offset + 1);
  const day = r.u8At(offset + 2);
  const hour = r.u8At(offset + 3);
  const minute = r.u8At(offset + 4);
  const second = r.u8At(offset + 5);
  if (yy > 99 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const maxDay = month === 2 && yy % 4 !== 0 ? 28 : (DAYS_IN_MONTH[month - 1] ?? 31);
  if (day > maxDay) return null;
  return `20${PAD2[yy]}-${PAD2[month]}-${PAD2[day]}T${PAD2[hour]}:${PAD2[minute]}:${PAD2[second]}.000Z`;
}

/**
 * ISO-8601 UTC text for seconds since the epoch, without a Date object (civil-from-days, H. Hinnant); null for 0 or
 * negative (devices send 0 for "no time").
 */
export function isoFromEpochSeconds(seconds: number): string | null {
  if (!(seconds > 0) || seconds > 253_402_300_799) return null;
  const days = Math.floor(seconds / 86_400);
  let rest = seconds - days * 86_400;
  const hour = Math.floor(rest / 3600);
  rest -= hour * 3600;
  const minute = Math.floor(rest / 60);
  const second = rest - minute * 60;
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return `${year}-${PAD2[month]}-${PAD2[day]}T${PAD2[hour]}:${PAD2[minute]}:${PAD2[second]}.000Z`;
}
