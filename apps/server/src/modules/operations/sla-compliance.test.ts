/** Golden tests of SLA compliance: the mean score of a group's newest 61 samples ended by the cutoff. */
import { describe, expect, it } from 'vitest';
import { localDayStartMs, nextLocalDay } from '../../derive/local-day.ts';
import { ist } from '../../derive/testing/track.ts';
import { complianceFromSamples, slaCutoffMs, type SlaSample } from './sla-compliance.ts';

/** Daily runs of one job ending 10:00 IST, `count` days back from 2026-11-23 (newest first). */
function daily(key: string | null, count: number, score: (age: number) => number, jobId = '1'): SlaSample[] {
  return Array.from({ length: count }, (_, age) => {
    const end = ist('2026-11-23 10:00').getTime() - age * 86_400_000;
    return {
      key,
      jobId,
      day: new Date(end + 330 * 60_000).toISOString().slice(0, 10),
      windowEndMs: end,
      score: score(age),
    };
  });
}

const cutoff = slaCutoffMs('2026-11-23', ist('2026-11-24 09:00').getTime());

describe('complianceFromSamples', () => {
  it('counts exactly 61 samples: the 62nd oldest does not count', () => {
    // 61 newest runs met everything; the 62nd (oldest) scored 0.
    const samples = daily('ward-1', 62, (age) => (age === 61 ? 0 : 1));
    expect(complianceFromSamples(samples, 61, cutoff)).toEqual([
      { key: 'ward-1', samples: 61, compliance: 1 },
    ]);
    // With the 62nd counted the mean would be 61/62.
    expect(complianceFromSamples(samples, 62, cutoff)[0]?.compliance).toBeCloseTo(61 / 62, 12);
  });

  it('averages partial scores and missed runs (0) over the window', () => {
    // Newest 61: 30 missed (0), 20 at 0.5, 11 full (1) → (0 + 10 + 11) / 61.
    const samples = daily('ward-1', 70, (age) => (age < 30 ? 0 : age < 50 ? 0.5 : age < 61 ? 1 : 1));
    const [row] = complianceFromSamples(samples, 61, cutoff);
    expect(row?.samples).toBe(61);
    expect(row?.compliance).toBeCloseTo(21 / 61, 12);
  });

  it('keeps the window per group, leaves out runs ending after the cutoff, orders ids numerically, unassigned last', () => {
    const late = {
      key: '2',
      jobId: '9',
      day: '2026-11-24',
      windowEndMs: ist('2026-11-24 10:00').getTime(),
      score: 0,
    };
    const samples = [
      ...daily('2', 3, () => 1, '2'),
      late,
      ...daily(null, 2, (age) => age * 0.5, '3'),
      ...daily('10', 1, () => 0.25, '4'),
    ];
    expect(complianceFromSamples(samples, 61, cutoff)).toEqual([
      { key: '2', samples: 3, compliance: 1 },
      { key: '10', samples: 1, compliance: 0.25 },
      { key: null, samples: 2, compliance: 0.25 },
    ]);
  });

  it('breaks ties on the window end by day, then job id (newest first)', () => {
    const end = ist('2026-11-23 10:00').getTime();
    const samples: SlaSample[] = [
      { key: 'w', jobId: '5', day: '2026-11-23', windowEndMs: end, score: 1 },
      { key: 'w', jobId: '10', day: '2026-11-23', windowEndMs: end, score: 0 },
    ];
    expect(complianceFromSamples(samples, 1, cutoff)[0]?.compliance).toBe(0);
  });
});

describe('slaCutoffMs', () => {
  it('is the end of the local day, or now if sooner', () => {
    const endOfDay = localDayStartMs(nextLocalDay('2026-11-23'), 'Asia/Kolkata');
    expect(new Date(endOfDay).toISOString()).toBe('2026-11-23T18:30:00.000Z');
    expect(slaCutoffMs('2026-11-23', endOfDay + 1)).toBe(endOfDay);
    expect(slaCutoffMs('2026-11-23', endOfDay - 5)).toBe(endOfDay - 5);
  });
});
