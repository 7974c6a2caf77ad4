/**
 * Teltonika FMB/FMC/FMM codec: IMEI handshake, Codec 8 / 8 Extended / 16 AVL packets over TCP (and UDP datagrams),
 * Codec 12 commands and responses. Spec and quirks: README.md in this folder.
 */
import type { CommandRequest, Codec, DecodeResult, DecoderSession } from '../core/codec.ts';
import * as mmessage from '../core/message.ts';
import * as mcodec12 from './codec12.ts';
import * as mprotocol from './protocol.ts';
import * as mtcp_packet_decoder from './tcp-packet.decoder.ts';
import * as mteltonika_framer from './teltonika.framer.ts';
import * as mudp_datagram_decoder from './udp-datagram.decoder.ts';

// Imported bindings read once (a getter call per use under tsx/esbuild).
const { emptyMessage } = mmessage;
const { encodeCodec12Command } = mcodec12;
const { IMEI_ACCEPT, IMEI_DIGITS, IMEI_REJECT, isDigit } = mprotocol;
const { decodeTcpPacket, messageOf } = mtcp_packet_decoder;
const { TeltonikaFramer } = mteltonika_framer;
const { decodeUdpDatagram, looksLikeUdpDatagram } = mudp_datagram_decoder;
type TeltonikaFramer = InstanceType<typeof TeltonikaFramer>;

export const teltonikaCodec: Codec = {
  protocol: 'teltonika',
  createFramer: () => new TeltonikaFramer(),
  decode(frame: Uint8Array, session: DecoderSession): DecodeResult {
    try {
      return decodeFrame(frame, session);
    } catch (error) {
      // Every decoder path is bounds-checked; this is the last guard of the "never throws" contract.
      return { messages: [], reply: null, imei: null, error: `teltonika: ${messageOf(error)}` };
    }
  },
  encodeCommand(command: CommandRequest): Uint8Array {
    // Codec 12 has no field for a server id; `command.id` is not sent.
    return encodeCodec12Command(command.text);
  },
};

function decodeFrame(frame: Uint8Array, session: DecoderSession): DecodeResult {
  if (isImeiFrame(frame)) return decodeHandshake(frame);
  if (frame.length >= 4 && frame[0] === 0 && frame[1] === 0 && frame[2] === 0 && frame[3] === 0) {
    return decodeTcpPacket(frame, session);
  }
  if (looksLikeUdpDatagram(frame)) return decodeUdpDatagram(frame);
  return { messages: [], reply: null, imei: null, error: 'teltonika: not an IMEI handshake or AVL packet' };
}

/** 2-byte length followed by exactly that many ASCII digits. */
function isImeiFrame(frame: Uint8Array): boolean {
  if (frame.length < 3) return false;
  const length = ((frame[0] ?? 0) << 8) | (frame[1] ?? 0);
  return length === frame.length - 2 && frame.subarray(2).every(isDigit);
}

/**
 * The device learns whether it may send data from the one-byte reply: 01 accept, 00 reject. Syntax decides here
 * (15 digits); whether the IMEI belongs to a registered device is the gateway's call, which may send 00 instead.
 */
function decodeHandshake(frame: Uint8Array): DecodeResult {
  const imei = String.fromCharCode(...frame.subarray(2));
  if (imei.length !== IMEI_DIGITS) {
    return {
      messages: [],
      reply: IMEI_REJECT,
      imei: null,
      error: `teltonika: IMEI "${imei}" has ${imei.length} digits, expected ${IMEI_DIGITS}`,
    };
  }
  return { messages: [emptyMessage('teltonika', 'login', imei)], reply: IMEI_ACCEPT, imei, error: null };
}
