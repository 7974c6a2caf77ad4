/**
 * @civicfleet/protocols: pure tracker codecs (framer, decoder, command encoder) for AIS-140, GT06 and Teltonika,
 * all producing the one normalised message. See README.md.
 */
import { ais140Codec, createAis140Codec } from './ais140/index.ts';
import type { Codec } from './core/codec.ts';
import { PROTOCOLS, type Protocol } from './core/message.ts';
import { createGt06Codec, gt06Codec } from './gt06/index.ts';
import { teltonikaCodec } from './teltonika/index.ts';

export type { Codec, CommandRequest, DecodeResult, DecoderSession, Frame, Framer } from './core/codec.ts';
export {
  ALARMS,
  MESSAGE_KINDS,
  PROTOCOLS,
  emptyMessage,
  type Alarm,
  type CellTower,
  type IoListEntry,
  type IoValue,
  type MessageKind,
  type WifiAccessPoint,
  type NormalisedMessage,
  type Protocol,
} from './core/message.ts';
export { ais140Codec, gt06Codec, teltonikaCodec };
export { normaliseDriverTag } from './core/driver-tag.ts';
export { commandKey as ais140CommandKey, createAis140Codec } from './ais140/index.ts';
export { createGt06Codec, encodeTimeResponse, GT06_COMMANDS } from './gt06/index.ts';

/** Codecs whose replies need the time (AIS-140 `$LGN<time>*`, GT06 0x8A) built on one clock, e.g. the gateway's. */
export function createCodecs(nowMs: () => number): Record<Protocol, Codec> {
  return { ais140: createAis140Codec(nowMs), gt06: createGt06Codec(nowMs), teltonika: teltonikaCodec };
}

export const codecs: Record<Protocol, Codec> = {
  ais140: ais140Codec,
  gt06: gt06Codec,
  teltonika: teltonikaCodec,
};

export function getCodec(protocol: Protocol): Codec {
  return codecs[protocol];
}

export function isProtocol(value: string): value is Protocol {
  return (PROTOCOLS as readonly string[]).includes(value);
}
