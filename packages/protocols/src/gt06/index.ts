/** GT06/Concox binary protocol codec (README.md in this folder: sources, quirks, io keys). */
import type { Codec, CommandRequest } from '../core/codec.ts';
import { decodeGt06WithClock } from './decoder.ts';
import { encodeServerCommand } from './encoder.ts';
import { createGt06Framer } from './framer.ts';

/**
 * A codec whose 0x8A time response reads the given clock (as `createAis140Codec(nowMs)` does for the `$LGN` reply).
 * The decoder itself stays pure; the clock is the only input that is not in the frame.
 */
export function createGt06Codec(nowMs: () => number = Date.now): Codec {
  return {
    protocol: 'gt06',
    createFramer: () => createGt06Framer(),
    decode: (frame, session) => decodeGt06WithClock(frame, session, nowMs),
    encodeCommand: (command: CommandRequest) => encodeServerCommand(command.text, command.id),
  };
}

export const gt06Codec: Codec = createGt06Codec();

export { decodeGt06 } from './decoder.ts';
export { createGt06Framer } from './framer.ts';
export type { Gt06FramerOptions } from './framer.ts';
export { encodeServerCommand, GT06_COMMANDS } from './encoder.ts';
export type { ServerCommandOptions } from './encoder.ts';
export { encodeAck, encodeTimeResponse, needsAck, MANDATORY_ACK_TYPES } from './replies.ts';
export { MAX_FRAME_BYTES, MSG as GT06_MESSAGE_TYPES } from './constants.ts';
