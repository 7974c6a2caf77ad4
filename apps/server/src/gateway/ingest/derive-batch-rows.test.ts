/**
 * The derive stage keeps ONE derive-state row and one set of daily-stats days per device and batch, built when the
 * batch is written (derive-stage.ts DailyPending), instead of a row per fix deduplicated at write time. Pure (no
 * database): the same fixes ingested one batch per fix and all in one batch must write the same rows — the last
 * value of every (device, day) and the device's last state — including a day that is touched early in the batch and
 * trimmed from the state by a later fix, a drive across IST midnight and an offline gap.
 */
import { describe, expect, it } from 'vitest';
import { emptyMessage, type NormalisedMessage } from '@civicfleet/protocols';
import { Batch } from './batch.ts';
import { newDeviceState, type DeviceState } from './device-state.ts';
import { createStages, runPipeline } from './pipeline.ts';
import {
  createDeriveStage,
  dailyPendingTable,
  dailyRowsOf,
  deriveStateTable,
  type DailyRow,
  type DeriveStateRow,
} from './derive-stage.ts';

const IMEI = '359710049095777';
/** 17:00 IST on 20/11/2026. */
const T0 = Date.parse('2026-11-20T11:30:00Z');
const LON_PER_M = 1 / (111_320 * Math.cos((22.7186 * Math.PI) / 180));

type Links = Parameters<typeof newDeviceState>[1];
const ONE_VEHICLE: Links = [{ vehicleId: 4n, organisationId: 100n, fromMs: T0 - 86_400_000, toMs: null }];

function device(links: Links = ONE_VEHICLE): DeviceState {
  return newDeviceState(
    { id: 9n, imei: IMEI, organisationId: 100n, strictChecksum: false, protocol: 'gt06' },
    links,
    null,
  );
}

function fix(atMs: number, lon: number, speedKph: number, ignition: boolean): NormalisedMessage {
  return {
    ...emptyMessage('gt06', 'position', IMEI),
    fixTime: new Date(atMs).toISOString(),
    lat: 22.7186,
    lon,
    speedKph,
    ignition,
    gpsValid: true,
  };
}

/**
 * A drive from 17:00 IST with fixes every 30 min into the next IST day (midnight), a halt, then silence for three
 * days (offline; the first days become final and are trimmed) and a last drive.
 */
function journey(): NormalisedMessage[] {
  const messages: NormalisedMessage[] = [];
  let lon = 75.8553;
  for (let i = 0; i < 18; i++) {
    const moving = i < 15;
    if (moving && i > 0) lon += 12_000 * LON_PER_M;
    messages.push(fix(T0 + i * 30 * 60_000, lon, moving ? 24 : 0, moving));
  }
  const back = T0 + 4 * 86_400_000;
  for (let i = 0; i < 4; i++) {
    lon += 500 * LON_PER_M;
    messages.push(fix(back + i * 60_000, lon, 30, true));
  }
  return messages;
}

/** Runs `groups` of messages, one batch per group; returns each batch. */
function ingest(groups: NormalisedMessage[][], links: Links = ONE_VEHICLE): Batch[] {
  const stage = createDeriveStage();
  const stages = createStages({ derive: [stage] });
  const state = device(links);
  return groups.map((messages) => {
    const batch = new Batch();
    for (const m of messages) {
      const fixMs = Date.parse(m.fixTime ?? '');
      runPipeline(stages, state, m, new Date(fixMs + 5_000), batch);
    }
    return batch;
  });
}

/** What the batches write to daily_vehicle_stats, in order: the last row per (device, day) wins (the upsert). */
function dailyWritten(batches: readonly Batch[]): Map<string, DailyRow> {
  const days = new Map<string, DailyRow>();
  for (const batch of batches)
    for (const pending of batch.rowsOf(dailyPendingTable))
      for (const row of dailyRowsOf(pending)) days.set(`${row.vehicleId}:${row.stats.day}`, row);
  return days;
}

function statesWritten(batches: readonly Batch[]): DeriveStateRow[] {
  return batches.flatMap((batch) => [...batch.rowsOf(deriveStateTable)]);
}

describe('derive stage rows per batch', () => {
  const messages = journey();

  it('writes the same daily rows and final state whether the fixes come one batch each or all in one batch', () => {
    const perFix = ingest(messages.map((m) => [m]));
    const oneBatch = ingest([messages]);

    const expected = dailyWritten(perFix);
    const actual = dailyWritten(oneBatch);
    // The journey covers three IST days before the gap (17:00 → past midnight) and the day of the last drive.
    expect(expected.size).toBeGreaterThanOrEqual(3);
    expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [key, row] of expected) expect(actual.get(key)).toEqual(row);

    const lastPerFix = statesWritten(perFix).at(-1);
    const [single, ...more] = statesWritten(oneBatch);
    expect(more).toHaveLength(0);
    expect(single?.state).toEqual(lastPerFix?.state);
  });

  it('keeps a day trimmed from the state mid-batch (written from the state before the trim)', () => {
    const [batch] = ingest([messages]);
    const [pending, ...others] = batch?.rowsOf(dailyPendingTable) ?? [];
    expect(others).toHaveLength(0);
    // The first day (20/11 IST) is no longer in the final state, but its row is kept.
    const firstDay = '2026-11-20';
    expect(pending && firstDay in pending.state.daily.days).toBe(false);
    const row = pending?.trimmed.find((r) => r.stats.day === firstDay);
    expect(row?.stats.distanceM).toBeGreaterThan(0);
  });

  it('one derive-state row per device and batch, with the first offline end of the batch', () => {
    const perFix = ingest(messages.map((m) => [m]));
    const ends = statesWritten(perFix)
      .map((r) => r.offlineEndedAt)
      .filter((at): at is Date => at !== null);
    expect(ends.length).toBeGreaterThan(0);
    const [single] = statesWritten(ingest([messages]));
    expect(single?.offlineEndedAt ?? null).toEqual(ends[0] ?? null);
  });

  it('a device moved to another vehicle within the batch: each vehicle keeps the rows of its own fixes', () => {
    // Vehicle 4 until 21:00 IST on the first day, vehicle 5 from then on (a re-fit during history replay).
    const switchMs = T0 + 4 * 3_600_000;
    const links: Links = [
      { vehicleId: 4n, organisationId: 100n, fromMs: T0 - 86_400_000, toMs: switchMs },
      { vehicleId: 5n, organisationId: 100n, fromMs: switchMs, toMs: null },
    ];
    const expected = dailyWritten(
      ingest(
        messages.map((m) => [m]),
        links,
      ),
    );
    const actual = dailyWritten(ingest([messages], links));
    expect([...expected.keys()].some((key) => key.startsWith('4:'))).toBe(true);
    expect([...expected.keys()].some((key) => key.startsWith('5:'))).toBe(true);
    expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [key, row] of expected) expect(actual.get(key)).toEqual(row);
  });
});
