/**
 * The ingest pipeline: per device, strictly in arrival order, each message passes through the stages below, which
 * fill the open batch. Stages are synchronous and do no I/O (their state lives in DeviceState), so ordering per
 * device is trivially kept and the hot path costs microseconds.
 *
 *   filter → attribution → distance → motion → alarms → driver tag → [derive stages] → latest → store
 *
 * Distance and alarms run the derive machines (derive/distance.ts `stepDistance`, derive/alerts.ts `stepAlerts`)
 * with the organisation's settings (`ctx.settings`, set by attribution): there is one distance rule and one alert
 * machine, with or without derive stages. Derive stages (intervals, trips, visits, daily stats — derive-stage.ts)
 * plug in with `createStages({ derive: [...] })`; they read and may annotate `ctx.position`, keep their own
 * per-device state in `ctx.state.ext`, and write their tables through `ctx.batch.add(table, row)` (BatchTable).
 * A stage with `settingsFor` supplies the settings (the derive stage: per organisation, speed limit per vehicle).
 */
import type { NormalisedMessage } from '@civicfleet/protocols';
import { DEFAULT_DERIVE_SETTINGS, type DeriveSettings } from '../../derive/index.ts';
import type { Batch } from './batch.ts';
import type { DeviceState, LinkSpan } from './device-state.ts';
import type { PositionRow } from './rows.ts';
import type { SqlExecutor } from './sql-client.ts';
import { alarmStage } from './stages/alarms.ts';
import { createDriverTagStage } from './stages/driver-tag.ts';
import { createAttributionStage, distanceStage, filterStage, motionStage } from './stages/position.ts';
import { latestStage, storeStage } from './stages/latest.ts';

export interface IngestContext {
  readonly state: DeviceState;
  readonly message: NormalisedMessage;
  readonly serverAt: Date;
  readonly batch: Batch;
  /** The fix to store; null when the message has none or the filter dropped it (reason in `dropped`). */
  position: PositionRow | null;
  dropped: string | null;
  /** The fix is older than the device's newest one (arrived out of order). */
  late: boolean;
  /** Buffered by the device or late: alerts from it are marked late, it never moves device_latest. */
  history: boolean;
  /** When it happened: the fix time when there is a usable one, else the server time (epoch ms). */
  atMs: number;
  /** The vehicle link active at atMs. */
  link: LinkSpan | null;
  /** The vehicle's organisation, else the device's: what live deltas and events are scoped by. */
  organisationId: bigint;
  /** Metres moved since the previous in-order fix (0 when not counted). */
  movedM: number;
  /** Derive settings of the organisation (and vehicle) at atMs: thresholds for distance, alerts and derive stages. */
  settings: DeriveSettings;
}

/** Settings of an organisation, with the vehicle's own overrides (speed limit) when it has any. */
export type SettingsResolver = (organisationId: bigint, vehicleId: bigint | null) => DeriveSettings;

export interface IngestStage {
  readonly name: string;
  process(ctx: IngestContext): void;
  /**
   * Restores the stage's per-device state (`state.ext`) when the device directory loads a device (every stage of
   * createStages that has one: the gateway hands them all to the directory).
   */
  load?(db: SqlExecutor, state: DeviceState): Promise<void>;
  /** The settings for a fix (used by every stage through `ctx.settings`); the first derive stage with it wins. */
  settingsFor?: SettingsResolver;
  /** Resolves when work the stage started after a commit (e.g. a re-derivation) has finished; awaited on stop. */
  idle?(): Promise<void>;
}

export interface StageOptions {
  /** Stages inserted after alarms and before device_latest is updated. */
  derive?: readonly IngestStage[];
  /** Default: the first derive stage's `settingsFor`, else DEFAULT_DERIVE_SETTINGS. */
  settingsFor?: SettingsResolver;
}

const defaultSettings: SettingsResolver = () => DEFAULT_DERIVE_SETTINGS;

export function createStages(options: StageOptions = {}): IngestStage[] {
  const owner = options.derive?.find((stage) => stage.settingsFor);
  const settingsFor = options.settingsFor ?? owner?.settingsFor?.bind(owner) ?? defaultSettings;
  return [
    filterStage,
    createAttributionStage(settingsFor),
    distanceStage,
    motionStage,
    alarmStage,
    createDriverTagStage(),
    ...(options.derive ?? []),
    latestStage,
    storeStage,
  ];
}

/** devices.last_seen_at is written at most this often per device (device_latest.last_packet_at is exact). */
const LAST_SEEN_EVERY_MS = 60_000;

export function runPipeline(
  stages: readonly IngestStage[],
  state: DeviceState,
  message: NormalisedMessage,
  serverAt: Date,
  batch: Batch,
): IngestContext {
  const ctx: IngestContext = {
    state,
    message,
    serverAt,
    batch,
    position: null,
    dropped: null,
    late: false,
    history: message.history,
    atMs: serverAt.getTime(),
    link: null,
    organisationId: state.device.organisationId,
    movedM: 0,
    settings: DEFAULT_DERIVE_SETTINGS,
  };
  for (const stage of stages) stage.process(ctx);
  if (serverAt.getTime() - state.lastSeenWrittenMs >= LAST_SEEN_EVERY_MS) {
    state.lastSeenWrittenMs = serverAt.getTime();
    batch.seenDevices.set(state.device.id, serverAt);
  }
  return ctx;
}
