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
  const text = JSON.stringify(message, (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value,
  ) as string | undefined;
  // JSON.stringify(undefined) is undefined: send null, which is what a subscriber would make of it anyway.
  return text ?? 'null';
}

export function fromWire<T>(text: string): T {
  return JSON.parse(text) as T;
}
