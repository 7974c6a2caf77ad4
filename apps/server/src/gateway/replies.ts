/**
 * Gateway-side reply policy on top of what the codecs return. The codecs decide replies from the frame alone;
 * whether the device is registered is the gateway's call (packages/protocols teltonika.codec.ts "decodeHandshake").
 */
import type { DecodeResult, Protocol } from '@civicfleet/protocols';

/** Teltonika IMEI handshake answer "not accepted" (the device closes and retries later). */
const TELTONIKA_REJECT = Uint8Array.of(0x00);

/** What to send an unregistered device: Teltonika gets an explicit reject to its handshake; others get silence. */
export function unknownDeviceReply(protocol: Protocol, result: DecodeResult): Uint8Array | null {
  if (protocol === 'teltonika' && result.imei !== null && result.messages.some((m) => m.kind === 'login')) {
    return TELTONIKA_REJECT;
  }
  return null;
}
