/** Re-decodes a stored frame with packages/protocols for display (pure: bytes in, plain JSON out). */
import { getCodec, isProtocol } from '@civicfleet/protocols';

type Json = Record<string, unknown>;

/** Dates as ISO strings, bytes as hex, bigints as strings: what JSON can carry. */
function toJson(value: unknown): Json {
  return JSON.parse(
    JSON.stringify(value, (_key, v: unknown) => {
      if (typeof v === 'bigint') return v.toString();
      if (v instanceof Uint8Array) return Buffer.from(v).toString('hex');
      return v;
    }),
  ) as Json;
}

/**
 * The normalised messages of one frame as stored in raw_logs; null when the protocol is unknown or the decoder
 * yields nothing. The stored IMEI seeds the session, so frames after a login (GT06, Teltonika) decode on their own.
 */
export function decodeFrame(protocol: string, bytes: Uint8Array, imei: string | null): Json[] | null {
  if (!isProtocol(protocol)) return null;
  try {
    const result = getCodec(protocol).decode(bytes, { imei, strictChecksum: false });
    if (result.messages.length === 0) return null;
    return result.messages.map(toJson);
  } catch {
    // Decoders never throw by contract; a stored frame from an older decoder must not break the page anyway.
    return null;
  }
}
