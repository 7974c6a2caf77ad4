export { teltonikaCodec } from './teltonika.codec.ts';
export { TeltonikaFramer } from './teltonika.framer.ts';
export { encodeCodec12Command } from './codec12.ts';
export { MAX_FRAME_BYTES as TELTONIKA_MAX_FRAME_BYTES } from './protocol.ts';
