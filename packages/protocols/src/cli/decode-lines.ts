/**
 * The decode CLI's logic without the process around it: input lines in, one output object per decoded message out.
 * All lines go through ONE framer and ONE session, as on a single TCP connection, so a login or handshake line
 * attributes the IMEI to the lines after it.
 */
import type { DecoderSession } from '../core/codec.ts';
import type { NormalisedMessage, Protocol } from '../core/message.ts';
import { getCodec } from '../index.ts';

export interface DecodeOptions {
  protocol: Protocol;
  /** Lines are hex. Always true for the binary protocols (gt06, teltonika). */
  isHex: boolean;
  /** Drop messages from frames with a bad checksum instead of flagging them. */
  isStrict?: boolean;
}

/**
 * One decoded message plus, on the LAST message of its frame, the frame's `reply` (hex) and `error`. A frame that
 * yields no message but has a reply or an error prints as an object with just `line`, `protocol`, `reply`, `error`.
 */
export type DecodeOutput = Partial<NormalisedMessage> & {
  /** 1-based input line whose bytes completed the frame; null for the end-of-input report. */
  line: number | null;
  protocol: Protocol;
  reply?: string;
  error?: string;
  /** Garbage skipped before the frame. */
  skippedBytes?: number;
};

const BINARY_PROTOCOLS: ReadonlySet<Protocol> = new Set(['gt06', 'teltonika']);
const HEX_LINE = /^(?:0x)?([0-9a-fA-F]{2}(?:[\s:]*[0-9a-fA-F]{2})*)$/;

export function decodeLines(lines: readonly string[], options: DecodeOptions): DecodeOutput[] {
  const { protocol } = options;
  const isHex = options.isHex || BINARY_PROTOCOLS.has(protocol);
  const codec = getCodec(protocol);
  const framer = codec.createFramer();
  const session: DecoderSession = { imei: null, strictChecksum: options.isStrict === true };
  const outputs: DecodeOutput[] = [];
  const encoder = new TextEncoder();

  lines.forEach((raw, index) => {
    const line = index + 1;
    const text = raw.trim();
    if (text === '' || text.startsWith('#')) return;
    let bytes: Uint8Array;
    if (isHex) {
      const match = HEX_LINE.exec(text);
      if (match?.[1] === undefined) {
        outputs.push({ line, protocol, error: 'not a hex line' });
        return;
      }
      bytes = Uint8Array.from(Buffer.from(match[1].replace(/[\s:]/g, ''), 'hex'));
    } else {
      // Text packets are sent as the device sends them: terminated by CRLF.
      bytes = encoder.encode(`${raw.replace(/\r$/, '')}\r\n`);
    }

    for (const frame of framer.push(bytes)) {
      const result = codec.decode(frame.bytes, session);
      if (result.imei !== null) session.imei = result.imei;
      const frameOutputs: DecodeOutput[] = result.messages.map((message) => ({ line, ...message }));
      if (frameOutputs.length === 0 && (result.reply !== null || result.error !== null)) {
        frameOutputs.push({ line, protocol });
      }
      const first = frameOutputs[0];
      if (first !== undefined && frame.skippedBytes > 0) first.skippedBytes = frame.skippedBytes;
      const last = frameOutputs[frameOutputs.length - 1];
      if (last !== undefined) {
        if (result.reply !== null) last.reply = Buffer.from(result.reply).toString('hex').toUpperCase();
        if (result.error !== null) last.error = result.error;
      }
      outputs.push(...frameOutputs);
    }
  });

  if (framer.bufferedBytes > 0) {
    outputs.push({
      line: null,
      protocol,
      error: `${framer.bufferedBytes} bytes of an incomplete frame left at the end of the input`,
    });
  }
  return outputs;
}
