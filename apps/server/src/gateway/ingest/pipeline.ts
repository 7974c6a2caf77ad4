/**
 * The ingest pipeline: per device, strictly in arrival order, each message passes through the stages below, which
 * fill the open batch. Stages are synchronous and do no I/O (their state lives in DeviceState), so ordering per
 * device is trivially kept and the hot path costs microseconds.
 *
 *   filter → attribution → distance → motion → alarms → [derive stages] → latest → store
 *
 * Derive stages (state intervals, daily stats, geofence visits — apps/server/src/derive) plug in with
 * `createStages({ derive: [...] })`; they read and may annotate `ctx.position`, keep their own per-device state in
 * `ctx.state.ext`, and write their tables through `ctx.batch.add(table, row)` (see BatchTable in batch.ts).
 */
import type { NormalisedMessage } from '@civicfleet/protocols';
import type { Batch } from './batch.ts';
import type { DeviceState, LinkSpan } from './device-state.ts';
import type { PositionRow } from './rows.ts';
import type { SqlExecutor } from './sql-client.ts';
import { alarmStage } from './stages/alarms.ts';
import { attributionStage, distanceStage, filterStage, motionStage } from './stages/position.ts';
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
}

export interface IngestStage {
  readonly name: string;
  process(ctx: IngestContext): void;
  /** Restores the stage's per-device state (`state.ext`) when the device directory loads a device. */
  load?(db: SqlExecutor, state: DeviceState): Promise<void>;
}

export interface StageOptions {
  /** Stages inserted after alarms and before device_latest is updated. */
  derive?: readonly IngestStage[];
}

export function createStages(options: StageOptions = {}): IngestStage[] {
  return [
    filterStage,
    attributionStage,
    distanceStage,
    motionStage,
    alarmStage,
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
  };
  for (const stage of stages) stage.process(ctx);
  if (serverAt.getTime() - state.lastSeenWrittenMs >= LAST_SEEN_EVERY_MS) {
    state.lastSeenWrittenMs = serverAt.getTime();
    batch.seenDevices.set(state.device.id, serverAt);
  }
  return ctx;
}
