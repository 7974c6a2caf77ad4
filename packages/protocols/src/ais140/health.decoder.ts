/**
 * Health packets (standard Table 3B, protocols.md §5.2): header `HBT` / `HLT` / numeric `02`, optional `HP` packet
 * type, vendor, firmware, IMEI, then internal battery %, low-battery threshold %, memory used %, update rate with
 * ignition on and off (s), digital inputs, digital/analog outputs, analog inputs. Values may carry a `%` sign.
 */
import { emptyMessage } from '../core/message.ts';
import type { NormalisedMessage } from '../core/message.ts';
import type { Envelope } from './envelope.ts';
import { isImei, parseDecimal } from './fields.ts';

const NUMERIC_KEYS = [
  'batteryPct',
  'lowBatteryThresholdPct',
  'memoryUsedPct',
  'updateRateIgnOnS',
  'updateRateIgnOffS',
] as const;

export function decodeHealth(env: Envelope): NormalisedMessage | string {
  const f = env.fields.strings(); // cold path: a dozen short fields
  const b = env.base;
  let imeiAt = -1;
  for (let i = b; i < f.length && i <= b + 4; i++) {
    if (isImei(f[i])) {
      imeiAt = i;
      break;
    }
  }
  if (imeiAt < 0) return 'health packet without an IMEI';
  const msg = emptyMessage('ais140', 'health', f[imeiAt] ?? null);
  const io = msg.io;
  io.header = env.header;
  const before: string[] = f.slice(b, imeiAt).filter((v) => v !== 'HP');
  if (before.length >= 1) io.vendor = before[0] ?? '';
  if (before.length >= 2) io.firmware = before[1] ?? '';
  io.packetType = 'HP';

  let i = imeiAt + 1;
  for (const key of NUMERIC_KEYS) {
    io[key] = parseDecimal(stripPercent(f[i]));
    i++;
  }
  const di = f[i];
  if (di !== undefined && di.length === 4 && /^[01]{4}$/.test(di)) {
    io.digitalInputs = di;
    i++;
    const out = f[i];
    if (out !== undefined && /^[01]{1,2}$/.test(out)) {
      io.digitalOutputs = out;
      i++;
    }
    io.analog1 = parseDecimal(f[i]);
    io.analog2 = parseDecimal(f[i + 1]);
    i += 2;
  }
  const extras = f.slice(i).filter((v) => v !== '');
  if (extras.length > 0) io.extras = extras.join(',');
  return msg;
}

function stripPercent(s: string | undefined): string | undefined {
  return s !== undefined && s.endsWith('%') ? s.slice(0, -1) : s;
}

/** Health by header, or by the `HP` packet type right after vendor and firmware. */
export function isHealth(env: Envelope): boolean {
  const h = env.header;
  if (h === 'HBT' || h === 'HLT' || h === 'HP') return true;
  if (h === '02' && env.leadingComma) return true;
  return env.fields.is(env.base + 2, 'HP') && env.fields.isImei(env.base + 3);
}
