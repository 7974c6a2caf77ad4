/**
 * What the ingest pipeline remembers per device between messages. Loaded from the database when a device connects
 * (gateway/device-directory.ts), then kept in memory and advanced message by message; the database is the source of
 * truth again whenever a batch fails (the state is dropped and reloaded).
 */
import type { Protocol } from '@civicfleet/protocols';
import { initialDistanceState, type AlertState, type DistanceState } from '../../derive/index.ts';
import type { SourceNetworks } from '../identity/source-networks.ts';
import type { Batch } from './batch.ts';
import type { EventRow, LatestRow } from './rows.ts';

export interface DeviceRecord {
  id: bigint;
  imei: string;
  organisationId: bigint;
  strictChecksum: boolean;
  protocol: Protocol | null;
  /** Where its frames may come from (its own list, else its organisation's, inherited); null/absent: anywhere. */
  allowedNetworks?: SourceNetworks | null;
  /** An open identity conflict (identity/identity-guard.ts): when, how many takeovers, clone suspected since. */
  identityConflictAt?: Date | null;
  identityConflicts?: number;
  cloneSuspectedAt?: Date | null;
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
  /**
   * The distance machine (derive/distance.ts): anchor and running odometer of the in-order fixes. Seeded from
   * device_latest; the derive stage restores the exact state from device_derive_state and persists it.
   */
  distance: DistanceState;
  /**
   * The alert machine (derive/alerts.ts). Null until first used: then rebuilt from the open events (`openAlarms`);
   * the derive stage restores it from device_derive_state (reconciled with the open events) and persists it.
   */
  alerts: AlertState | null;
  /** Alerts open in `events` now, by type (sos, powerCut …): the rows repeats and closes update. */
  openAlarms: Map<string, OpenAlarm>;
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
      ? { atMs: fix.getTime(), lat: latest.lat, lon: latest.lon }
      : null;
  return {
    device,
    links,
    latest,
    distance: { ...initialDistanceState(latest?.odometerM ?? 0), anchor },
    alerts: null,
    openAlarms: new Map(),
    lastSeenWrittenMs: 0,
    ext: new Map(),
  };
}
