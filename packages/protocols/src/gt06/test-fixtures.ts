/** Loads fixtures/packets.json for the tests (CI has no /work/shared, so the frames live next to the codec). */
import { readFileSync } from 'node:fs';
import { fromHex } from '../core/byte-reader.ts';

export interface PacketFixture {
  variant: string;
  kind: string;
  packet: string;
  source: string;
  expected: Record<string, unknown> | null;
  derived: Record<string, unknown> | null;
  notes: string | null;
}

interface FixtureFile {
  research: PacketFixture[];
  traccarExtra: PacketFixture[];
}

const file: FixtureFile = JSON.parse(
  readFileSync(new URL('./fixtures/packets.json', import.meta.url), 'utf8'),
);

export const researchPackets: PacketFixture[] = file.research;
export const traccarPackets: PacketFixture[] = file.traccarExtra;

/** Frames a device sends (server replies and server commands excluded). */
export const deviceFrames: Uint8Array[] = [...researchPackets, ...traccarPackets]
  .filter((p) => p.kind !== 'command' && p.kind !== 'server_response')
  .map((p) => fromHex(p.packet));

export function str(record: Record<string, unknown> | null, key: string): string | undefined {
  const value = record?.[key];
  return typeof value === 'string' ? value : undefined;
}

export function num(record: Record<string, unknown> | null, key: string): number | undefined {
  const value = record?.[key];
  return typeof value === 'number' ? value : undefined;
}

export function bool(record: Record<string, unknown> | null, key: string): boolean | undefined {
  const value = record?.[key];
  return typeof value === 'boolean' ? value : undefined;
}

/** "0x1F" → 31. */
export function hexNum(record: Record<string, unknown> | null, key: string): number | undefined {
  const value = str(record, key);
  return value === undefined ? undefined : parseInt(value, 16);
}

/** Frames of fixtures/variants.json (issue 21 message types). */
export const variantFrames: Uint8Array[] = (
  JSON.parse(readFileSync(new URL('./fixtures/variants.json', import.meta.url), 'utf8')) as {
    frames: { packet: string }[];
  }
).frames.map((f) => fromHex(f.packet));
