/**
 * Driver-id reads → `driver_tag_reads` (docs/swm.md "Driver-id reads"). The decoders put the card or iButton id in
 * `io.driverId` (GT06 0x94/0x1B, Teltonika AVL 78, AIS-140 vendor extra `RFID:`); this stage keeps a row when the tag
 * differs from the device's previous kept read or when `DRIVER_TAG_REPEAT_MS` have passed since it (a key left in
 * the reader is reported with every record: one row per half hour says "still on board" without a row per fix).
 *
 * - The tag is canonical (normaliseDriverTag: upper-case hex without leading zero bytes), so one card reads the same
 *   on every protocol. `read_at` is the fix time, else the receive time (a GT06 info frame has no fix); lat/lon the
 *   fix's, else the device's last known position. Vehicle and organisation come from attribution (the link at
 *   read_at).
 * - Per-device state (`ext['driver-tag']`: the last `KEPT_READS` kept reads, oldest first) is the newest rows
 *   themselves, read back when the device loads, so a restart or a failed batch does not write the same read again.
 * - A read is judged against the kept read just before it in time, so late reads (history records, a packet resent
 *   after a lost ack) follow the same rule as live ones; exact repeats are also absorbed by the unique key.
 * - Cost when there is no driver id: one property read.
 */
import { normaliseDriverTag } from '@civicfleet/protocols';
import { createKeyBatcher, LOAD_BATCH } from '../../device-directory.ts';
import type { DeviceState } from '../device-state.ts';
import type { IngestStage } from '../pipeline.ts';
import type { SqlExecutor } from '../sql-client.ts';

export const DRIVER_TAG_STAGE = 'driver-tag';
/** A tag still present is written again after this long (ms). */
export const DRIVER_TAG_REPEAT_MS = 30 * 60_000;

/** Kept reads remembered per device (enough to place late reads of a resent packet or a buffered shift). */
export const KEPT_READS = 16;

export interface KeptRead {
  tag: string;
  atMs: number;
}

/**
 * Whether a read of `tag` at `atMs` is kept, given the device's kept reads (oldest first): it is when the kept read
 * at or before it has another tag or is at least DRIVER_TAG_REPEAT_MS older (or there is none).
 */
export function shouldKeepRead(kept: readonly KeptRead[], tag: string, atMs: number): boolean {
  let before: KeptRead | null = null;
  for (let i = kept.length - 1; i >= 0; i--) {
    const read = kept[i];
    if (read && read.atMs <= atMs) {
      before = read;
      break;
    }
  }
  if (before === null || before.tag !== tag) return true;
  return atMs - before.atMs >= DRIVER_TAG_REPEAT_MS;
}

/** `kept` with the new read in time order, trimmed to the newest KEPT_READS. */
export function withKeptRead(kept: readonly KeptRead[], read: KeptRead): KeptRead[] {
  const next = [...kept, read].sort((a, b) => a.atMs - b.atMs);
  return next.length > KEPT_READS ? next.slice(next.length - KEPT_READS) : next;
}

async function readLastReads(
  db: SqlExecutor,
  states: readonly DeviceState[],
): Promise<Map<DeviceState, KeptRead[]>> {
  const rows = await db.query<{ device_id: string; tag: string; read_at: Date | string }>(
    `SELECT r.device_id::text AS device_id, r.tag, r.read_at
       FROM unnest($1::bigint[]) AS d(id)
       CROSS JOIN LATERAL (SELECT device_id, tag, read_at FROM driver_tag_reads
                            WHERE device_id = d.id ORDER BY read_at DESC LIMIT ${KEPT_READS}) r`,
    [states.map((s) => s.device.id.toString())],
  );
  const byDevice = new Map<string, KeptRead[]>();
  for (const r of rows) {
    const list = byDevice.get(r.device_id) ?? [];
    list.push({ tag: r.tag, atMs: new Date(r.read_at).getTime() });
    byDevice.set(r.device_id, list);
  }
  const out = new Map<DeviceState, KeptRead[]>();
  for (const state of states) {
    const list = byDevice.get(state.device.id.toString()) ?? [];
    out.set(
      state,
      list.sort((a, b) => a.atMs - b.atMs),
    );
  }
  return out;
}

export function createDriverTagStage(): IngestStage {
  // Devices loading together (a reconnect storm) share one query, per executor.
  const loaders = new WeakMap<SqlExecutor, (state: DeviceState) => Promise<KeptRead[] | undefined>>();
  return {
    name: DRIVER_TAG_STAGE,
    async load(db, state) {
      let loader = loaders.get(db);
      if (!loader) {
        loader = createKeyBatcher((states: DeviceState[]) => readLastReads(db, states), {
          maxBatch: LOAD_BATCH,
        });
        loaders.set(db, loader);
      }
      const kept = await loader(state);
      if (kept && kept.length > 0) state.ext.set(DRIVER_TAG_STAGE, kept);
    },
    process(ctx) {
      const raw = ctx.message.io.driverId;
      if (raw === undefined || raw === null) return;
      const tag = normaliseDriverTag(raw);
      if (tag === null) return;
      const kept = (ctx.state.ext.get(DRIVER_TAG_STAGE) as KeptRead[] | undefined) ?? [];
      const atMs = ctx.atMs;
      if (!shouldKeepRead(kept, tag, atMs)) return;
      ctx.state.ext.set(DRIVER_TAG_STAGE, withKeptRead(kept, { tag, atMs }));
      const latest = ctx.state.latest;
      ctx.batch.driverTagReads.push({
        deviceId: ctx.state.device.id,
        vehicleId: ctx.link?.vehicleId ?? null,
        organisationId: ctx.organisationId,
        tag,
        readAt: new Date(atMs),
        lat: ctx.position?.lat ?? latest?.lat ?? null,
        lon: ctx.position?.lon ?? latest?.lon ?? null,
      });
    },
  };
}
