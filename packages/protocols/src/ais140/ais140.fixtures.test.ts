/**
 * Every AIS-140 packet in fixtures/packets.json decodes to what its source asserts (`expected`: Traccar asserts),
 * to the values read off the published layout (`derived`), and to our reviewed kind/alarms/history/checksum.
 */
import { describe, expect, it } from 'vitest';
import type { NormalisedMessage } from '../core/message.ts';
import { createAis140Framer, decodeAis140 } from './index.ts';
import { fixtureBytes, loadFixtures, text } from './test-fixtures.ts';
import type { Fixture } from './test-fixtures.ts';

const fixtures = loadFixtures();
const NOW = Date.UTC(2024, 0, 2, 3, 4, 5);

/** Framing fixtures go through the framer; the others are whole frames as the sources' decoder tests used them. */
function decodeFixture(fixture: Fixture): NormalisedMessage[] {
  const bytes = fixtureBytes(fixture);
  const frames = createAis140Framer().push(bytes);
  const inputs = frames.length > 1 ? frames.map((f) => f.bytes) : [bytes];
  return inputs.map((frame) => {
    const result = decodeAis140(frame, { imei: null }, NOW);
    const [message] = result.messages;
    if (message === undefined) throw new Error(`no message: ${result.error ?? ''}`);
    return message;
  });
}

function checkDerived(msg: NormalisedMessage, derived: Record<string, unknown>): void {
  const d = derived;
  if (d.imei !== undefined) expect(msg.imei).toBe(d.imei);
  if (typeof d.latitude === 'number') expect(msg.lat).toBeCloseTo(d.latitude, 7);
  if (typeof d.longitude === 'number') expect(msg.lon).toBeCloseTo(d.longitude, 7);
  if (d.packet_type !== undefined) expect(msg.io.packetType).toBe(d.packet_type);
  if (d.message_type !== undefined) expect(msg.io.packetType).toBe(d.message_type);
  if (d.alert_id !== undefined) expect(msg.io.alertId).toBe(d.alert_id);
  if (d.packet_status !== undefined) expect(msg.history).toBe(d.packet_status === 'H');
  if (d.epb_packet_type !== undefined) expect(msg.io.epbType).toBe(d.epb_packet_type);
  if (typeof d.datetime === 'string') expect(msg.fixTime).toBe(d.datetime.replace('Z', '.000Z'));
  if (d.speed_kmh !== undefined) expect(msg.speedKph).toBe(d.speed_kmh);
  if (d.heading !== undefined) expect(msg.headingDeg).toBe(d.heading);
  if (d.satellites !== undefined) expect(msg.satellites).toBe(d.satellites);
  if (d.altitude_m !== undefined) expect(msg.altitudeM).toBe(d.altitude_m);
  if (d.distance !== undefined) expect(msg.io.distance).toBe(d.distance);
}

function checkTraccar(messages: NormalisedMessage[], expected: Record<string, unknown>): void {
  const last = messages[messages.length - 1];
  if (last === undefined) throw new Error('no messages');
  switch (expected.traccar_assert) {
    case 'verifyPosition':
      expect(['position', 'alarm']).toContain(last.kind);
      expect(Number.isFinite(last.lat) && Number.isFinite(last.lon)).toBe(true);
      break;
    case 'verifyNull':
      // Traccar returns no position for logins/health, and cannot decode two EMR forms we do decode (alarm).
      expect(['login', 'health', 'alarm']).toContain(last.kind);
      break;
    case 'verifyAttribute':
      if (expected.attribute === 'odometer') expect(last.odometerM).toBe(expected.value);
      if (expected.attribute === 'alarm') expect(last.alarms).toContain(expected.value);
      if (expected.attribute === 'adc2') expect(last.io.analog2).toBe(expected.value);
      break;
    default:
      // `ItsFrameDecoder first frame extracted`: compared with first_frame_text in the test body.
      break;
  }
}

describe('AIS-140 fixtures (real packets with sources)', () => {
  it('has every AIS-140 entry of the research file plus the Traccar extras', () => {
    expect(fixtures.length).toBe(52);
  });

  it.each(fixtures.map((f, i) => [i, f.variant, f] as const))('#%i %s', (_i, _variant, fixture) => {
    const messages = decodeFixture(fixture);
    expect(
      messages.map((m) => ({ kind: m.kind, alarms: m.alarms, history: m.history, checksumOk: m.checksumOk })),
    ).toEqual(fixture.frames);
    for (const m of messages) {
      expect(m.protocol).toBe('ais140');
      expect(m.imei).toMatch(/^\d{15}$/);
    }
    const last = messages[messages.length - 1];
    if (fixture.derived !== null && last !== undefined) checkDerived(last, fixture.derived);
    if (fixture.expected !== null) checkTraccar(messages, fixture.expected);
    if (fixture.expected?.first_frame_text !== undefined) {
      // Traccar's frame drops the `*` and a raw checksum byte; ours keeps them for the decoder to verify.
      const [first] = createAis140Framer().push(fixtureBytes(fixture));
      expect(
        text(first?.bytes ?? new Uint8Array()).startsWith(String(fixture.expected.first_frame_text)),
      ).toBe(true);
    }
  });
});
