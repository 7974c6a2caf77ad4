/**
 * AIS-140 (VLTD, ARAI 2016) text protocol codec. See README.md for the families, quirks and io keys.
 */
import type { Codec } from '../core/codec.ts';
import { decodeAis140WithClock } from './ais140.decoder.ts';
import { encodeAis140Command } from './ais140.encoder.ts';
import { createAis140Framer } from './ais140.framer.ts';

export { decodeAis140 } from './ais140.decoder.ts';
export { decodeCommandReply, parseReplyField } from './command-reply.decoder.ts';
export {
  commandKey,
  encodeAis140Command,
  formatCommand,
  loginReply,
  replyFor,
  HEARTBEAT_REPLY,
  NUMERIC_LOGIN_REPLY,
} from './ais140.encoder.ts';
export { createAis140Framer, AIS140_MAX_FRAME_BYTES } from './ais140.framer.ts';

/**
 * A codec whose `$LGN<time>*` login reply reads the given clock. The decoder itself stays pure; the clock is the
 * only input that is not in the frame.
 */
export function createAis140Codec(nowMs: () => number = Date.now): Codec {
  return {
    protocol: 'ais140',
    createFramer: () => createAis140Framer(),
    decode: (frame, session) => decodeAis140WithClock(frame, session, nowMs),
    encodeCommand: encodeAis140Command,
  };
}

export const ais140Codec: Codec = createAis140Codec();
