/**
 * What a webhook receives (docs/forwarding.md "Payload"): items as the ingest queued them, completed at delivery with
 * the vehicle's registration, wrapped in one envelope per POST and signed. Items carry their queue id: delivery is at
 * least once, so a receiver de-duplicates on `id`.
 */
import { createHmac } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-CivicFleet-Signature';
export const TIMESTAMP_HEADER = 'X-CivicFleet-Timestamp';
export const PAYLOAD_VERSION = 1;

/** A position as queued by the ingest stage (forward-stage.ts). Ids are decimal strings, times ISO UTC. */
export interface PositionPayload {
  type: 'position';
  deviceId: string;
  imei: string;
  vehicleId: string | null;
  fixTime: string;
  serverTime: string;
  lat: number;
  lon: number;
  speedKph: number | null;
  headingDeg: number | null;
  altitudeM: number | null;
  satellites: number | null;
  gpsValid: boolean | null;
  ignition: boolean | null;
  mainPower: boolean | null;
  /** Alarm flags the packet carried (sos, overspeed, …). */
  alarms: string[];
  /** Buffered by the device or older than the newest fix. */
  history: boolean;
}

/** An alert raised by the ingest (a new events row). */
export interface AlertPayload {
  type: 'alert';
  alertType: string;
  deviceId: string;
  imei: string;
  vehicleId: string | null;
  time: string;
  lat: number | null;
  lon: number | null;
  late: boolean;
}

/** An AIS-140 emergency packet for a TCP backend: the raw bytes (base64). */
export interface EmergencyPayload {
  type: 'emergency';
  imei: string;
  receivedAt: string;
  bytes: string;
}

export type QueuedPayload = PositionPayload | AlertPayload | EmergencyPayload | TestPayload;

export interface TestPayload {
  type: 'test';
  message: string;
}

/** One item in the POSTed envelope: the queued payload, its queue id and the vehicle's registration. */
export type DeliveredItem = QueuedPayload & { id: string; registrationNumber?: string | null };

export interface WebhookEnvelope {
  version: typeof PAYLOAD_VERSION;
  target: { id: string; name: string };
  sentAt: string;
  items: DeliveredItem[];
}

/** `sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`: binding the timestamp stops replays of old bodies. */
export function signBody(secret: string, timestampS: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestampS}.${body}`).digest('hex')}`;
}

/** The headers of one POST: JSON, the timestamp (epoch seconds) and, with a secret, the signature. */
export function webhookHeaders(secret: string | null, body: string, nowMs: number): Record<string, string> {
  const timestampS = Math.floor(nowMs / 1000);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'CivicFleet-Forwarding/1',
    [TIMESTAMP_HEADER]: String(timestampS),
  };
  if (secret) headers[SIGNATURE_HEADER] = signBody(secret, timestampS, body);
  return headers;
}

/** `••••` and the last 4 characters: enough to tell two secrets apart, never enough to use one. */
export function secretHint(secret: string | null): string | null {
  return secret ? `••••${secret.slice(-4)}` : null;
}

/** The vehicle id of a payload (registration lookup at delivery). */
export function vehicleIdOf(payload: QueuedPayload): string | null {
  return payload.type === 'position' || payload.type === 'alert' ? payload.vehicleId : null;
}
