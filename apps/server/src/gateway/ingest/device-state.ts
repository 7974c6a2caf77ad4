/**
 * What the ingest pipeline remembers per device between messages. Loaded from the database when a device connects
 * (gateway/device-directory.ts), then kept in memory and advanced message by message; the database is the source of
 * truth again whenever a batch fails (the state is dropped and reloaded).
 */
import type { Protocol } from '@civicfleet/protocols';
import type { Batch } from './batch.ts';
import type { EventRow, LatestRow } from './rows.ts';

export interface DeviceRecord {
  id: bigint;
  imei: string;
  organisationId: bigint;
  strictChecksum: boolean;
  protocol: Protocol | null;
}

/** A vehicle–device link: the device was on `vehicleId` from `fromMs` until `toMs` (exclusive; null = still). */
export interface LinkSpan {
  vehicleId: bigint;
  organisationId: bigint;
  fromMs: number;
  toMs: number | null;
}

export interface OpenAlarm {
  startedAt: Date;
  lastAt: Date;
  repeatCount: number;
  /** The row while it still waits in the open batch (then it is changed in place instead of updated later). */
  pending: { batch: Batch; row: EventRow } | null;
}

export interface DeviceState {
  device: DeviceRecord;
  links: LinkSpan[];
  latest: LatestRow | null;
  /** The last in-order valid fix: the origin of the next distance. */
  anchor: { fixedAtMs: number; lat: number; lon: number } | null;
  odometerM: number;
  /** Stateful alarms open now, by type (sos, powerCut …). */
  openAlarms: Map<string, OpenAlarm>;
  /** Instant and late alarms: newest time per `type` / `late:type`, to drop repeats within the dedup window. */
  recentAlarms: Map<string, number>;
  /** When devices.last_seen_at was last written (throttled). */
  lastSeenWrittenMs: number;
  /** State of stages added later (derive), keyed by stage name. */
  ext: Map<string, unknown>;
}

export function linkAt(links: readonly LinkSpan[], atMs: number): LinkSpan | null {
  for (let i = links.length - 1; i >= 0; i--) {
    const link = links[i];
    if (link && link.fromMs <= atMs && (link.toMs === null || atMs < link.toMs)) return link;
  }
  return null;
}

export function newDeviceState(
  device: DeviceRecord,
  links: LinkSpan[],
  latest: LatestRow | null,
): DeviceState {
  const fix = latest?.fixedAt;
  const anchor =
    latest && fix && latest.lat !== null && latest.lon !== null && latest.gpsValid !== false
      ? { fixedAtMs: fix.getTime(), lat: latest.lat, lon: latest.lon }
      : null;
  return {
    device,
    links,
    latest,
    anchor,
    odometerM: latest?.odometerM ?? 0,
    openAlarms: new Map(),
    recentAlarms: new Map(),
    lastSeenWrittenMs: 0,
    ext: new Map(),
  };
}
