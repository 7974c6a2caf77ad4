/**
 * The shape every protocol implements. Everything here is pure: bytes in, messages out, no I/O, no clock.
 * The gateway owns one Framer and one DecoderSession per TCP connection.
 */
import type { NormalisedMessage, Protocol } from './message.ts';

/** Splits a TCP byte stream into frames. Tolerates split and merged chunks and garbage between frames. */
export interface Framer {
  /** Feeds a chunk; returns the complete frames it finished (possibly none). Never throws. */
  push(chunk: Uint8Array): Frame[];
  /** Bytes held waiting for the rest of a frame (bounded by the protocol's maximum frame size). */
  readonly bufferedBytes: number;
}

export interface Frame {
  bytes: Uint8Array;
  /** Bytes skipped before this frame (garbage, oversize frames); reported to raw logs as a decode problem. */
  skippedBytes: number;
}

/** Per-connection state a decoder needs between frames (e.g. the IMEI from a login packet). */
export interface DecoderSession {
  imei: string | null;
  /** When true, frames with a bad checksum are dropped instead of decoded with checksumOk=false. */
  strictChecksum?: boolean;
}

export interface DecodeResult {
  messages: NormalisedMessage[];
  /** Bytes the server must send back (ack, login reply); the gateway sends them after the batch commits. */
  reply: Uint8Array | null;
  /** The IMEI learnt from this frame, if any. */
  imei: string | null;
  /** A decode problem (kept in raw logs); messages may still hold what could be read. */
  error: string | null;
}

export interface CommandRequest {
  /** Protocol-specific command: AIS-140 `SET KEY:VALUE`, GT06 text command, Teltonika Codec 12 text. */
  text: string;
  /** Server-chosen id echoed where the protocol allows it (GT06 server flag). */
  id: number;
}

export interface Codec {
  protocol: Protocol;
  createFramer(): Framer;
  /** Decodes one frame. Never throws: failures come back in `error`. */
  decode(frame: Uint8Array, session: DecoderSession): DecodeResult;
  encodeCommand(command: CommandRequest, session: DecoderSession): Uint8Array;
}
