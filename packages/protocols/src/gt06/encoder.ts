/**
 * Server command 0x80 (§8.5): length, command length (= 4 + ASCII length), 4-byte server flag, ASCII command,
 * [2-byte language on some models], serial, CRC. The device answers with 0x15 (or 0x21 on 0x7979 firmwares) echoing
 * the server flag, which we set from CommandRequest.id so the gateway can match the reply (io.serverFlag).
 */
import { MSG } from './constants.ts';
import { writeFrame } from './frame-writer.ts';

/**
 * Common Concox command strings (Traccar's Gt06ProtocolEncoder and Concox SMS command lists). Model dependent: the
 * gateway chooses the text; check the device manual before relying on one.
 */
export const GT06_COMMANDS = {
  /** Cut fuel/electricity (relay on); many firmwares defer it until the vehicle is slow (≈ < 20 km/h). */
  engineStop: 'RELAY,1#',
  engineResume: 'RELAY,0#',
  /** Older/alternative firmwares; 123456 is the factory password. */
  engineStopAlternative: 'DYD,123456#',
  engineResumeAlternative: 'HFYD,123456#',
  /** Replies with a position text ("Current position!Lat:…"). */
  where: 'WHERE#',
  status: 'STATUS#',
  parameters: 'PARAM#',
  version: 'VERSION#',
  reboot: 'RESET#',
} as const;

export interface ServerCommandOptions {
  /** Frame serial number (default 0, as Traccar sends). */
  serial?: number;
  /** Append the 2-byte language field (1 = Chinese, 2 = English) some models expect. */
  language?: number;
}

/** Length field ≤ 0xFF: protocol(1) + command length(1) + flag(4) + text + language + serial(2) + CRC(2). */
const MAX_TEXT_BYTES = 0xff - 1 - 1 - 4 - 2 - 2;

/** Encodes `text` as a 0x80 frame. Throws RangeError for non-printable-ASCII text, bad flags or oversize text. */
export function encodeServerCommand(
  text: string,
  serverFlag: number,
  options: ServerCommandOptions = {},
): Uint8Array {
  if (!Number.isInteger(serverFlag) || serverFlag < 0 || serverFlag > 0xffffffff) {
    throw new RangeError(`GT06 server flag must be a uint32, got ${serverFlag}`);
  }
  const language = options.language;
  const extra = language === undefined ? 0 : 2;
  if (text.length === 0 || text.length > MAX_TEXT_BYTES - extra) {
    throw new RangeError(`GT06 command text must be 1–${MAX_TEXT_BYTES - extra} characters`);
  }
  const content = new Uint8Array(1 + 4 + text.length + extra);
  content[0] = 4 + text.length;
  content[1] = serverFlag >>> 24;
  content[2] = (serverFlag >>> 16) & 0xff;
  content[3] = (serverFlag >>> 8) & 0xff;
  content[4] = serverFlag & 0xff;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code > 0x7e)
      throw new RangeError(`GT06 command text must be printable ASCII: ${text}`);
    content[5 + i] = code;
  }
  if (language !== undefined) {
    content[5 + text.length] = (language >> 8) & 0xff;
    content[6 + text.length] = language & 0xff;
  }
  return writeFrame(MSG.command0, content, (options.serial ?? 0) & 0xffff);
}
