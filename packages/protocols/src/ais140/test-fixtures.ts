/**
 * Loads fixtures/packets.json (AIS-140 entries copied from the research notes plus Traccar test packets, each with
 * its source) for the tests. Test-only; validated field by field so a malformed fixture fails loudly.
 */
import { readFileSync } from 'node:fs';

export interface ExpectedFrame {
  kind: string;
  alarms: string[];
  history: boolean;
  checksumOk: boolean | null;
}

export interface Fixture {
  variant: string;
  kind: string;
  packet: string;
  encoding: 'text' | 'hex';
  source: string;
  expected: Record<string, unknown> | null;
  derived: Record<string, unknown> | null;
  frames: ExpectedFrame[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toFrame(value: unknown): ExpectedFrame {
  if (!isRecord(value)) throw new Error('fixture frame is not an object');
  const { kind, alarms, history, checksumOk } = value;
  if (typeof kind !== 'string' || !Array.isArray(alarms) || typeof history !== 'boolean') {
    throw new Error('fixture frame lacks kind/alarms/history');
  }
  if (checksumOk !== null && typeof checksumOk !== 'boolean')
    throw new Error('fixture checksumOk is invalid');
  return { kind, alarms: alarms.map(String), history, checksumOk };
}

function toFixture(value: unknown): Fixture {
  if (!isRecord(value)) throw new Error('fixture is not an object');
  const { variant, kind, packet, encoding, source, expected, derived, civicfleet } = value;
  if (typeof variant !== 'string' || typeof kind !== 'string' || typeof packet !== 'string') {
    throw new Error('fixture lacks variant/kind/packet');
  }
  if ((encoding !== 'text' && encoding !== 'hex') || typeof source !== 'string' || source === '') {
    throw new Error(`fixture ${variant} lacks encoding or source`);
  }
  if (!isRecord(civicfleet) || !Array.isArray(civicfleet.frames))
    throw new Error(`fixture ${variant} lacks frames`);
  return {
    variant,
    kind,
    packet,
    encoding,
    source,
    expected: isRecord(expected) ? expected : null,
    derived: isRecord(derived) ? derived : null,
    frames: civicfleet.frames.map(toFrame),
  };
}

export function loadFixtures(): Fixture[] {
  const text = readFileSync(new URL('./fixtures/packets.json', import.meta.url), 'utf8');
  const data: unknown = JSON.parse(text);
  if (!Array.isArray(data)) throw new Error('fixtures/packets.json is not an array');
  return data.map(toFixture);
}

export function fixtureBytes(fixture: Fixture): Uint8Array {
  return new Uint8Array(Buffer.from(fixture.packet, fixture.encoding === 'hex' ? 'hex' : 'latin1'));
}

export function ascii(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'latin1'));
}

export function text(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('latin1');
}
