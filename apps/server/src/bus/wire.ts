/**
 * How bus messages cross process boundaries (the Redis bus). The in-process bus hands subscribers the publisher's
 * object; the Redis bus hands them what JSON round-trips, so every message must be a JSON value, with two
 * conversions instead of surprises:
 *   - bigint → decimal string (ids are decimal strings on every wire, docs/conventions.md);
 *   - Date → ISO-8601 UTC string (Date#toJSON).
 * `undefined` fields disappear and non-finite numbers become null, as in any JSON. Publishers on TOPICS already send
 * plain strings, numbers, booleans and nulls (LiveDelta, CommandBusMessage), so both buses deliver the same values.
 */
export function toWire(message: unknown): string {
  let text: string | undefined;
  try {
    // Fast path: a replacer function costs a call per key (~40 % of a live delta's stringify, the gateway's hot
    // publish path at 10,000 fixes/s); messages without a bigint need none, and one with a bigint throws here.
    text = JSON.stringify(message) as string | undefined;
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    text = JSON.stringify(message, bigintAsString) as string | undefined;
  }
  // JSON.stringify(undefined) is undefined: send null, which is what a subscriber would make of it anyway.
  return text ?? 'null';
}

function bigintAsString(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

export function fromWire<T>(text: string): T {
  return JSON.parse(text) as T;
}
