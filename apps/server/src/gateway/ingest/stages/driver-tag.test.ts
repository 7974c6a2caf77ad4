import { describe, expect, it } from 'vitest';
import {
  DRIVER_TAG_REPEAT_MS,
  KEPT_READS,
  shouldKeepRead,
  withKeptRead,
  type KeptRead,
} from './driver-tag.ts';

const MIN = 60_000;

describe('driver-tag keep rule', () => {
  it('keeps the first read, a new tag at once and the same tag again after 30 min', () => {
    let kept: KeptRead[] = [];
    const decisions: boolean[] = [];
    for (const [tag, min] of [
      ['A1', 0],
      ['A1', 10],
      ['A1', 29],
      ['A1', 30],
      ['B2', 31],
      ['A1', 32],
    ] as const) {
      const keep = shouldKeepRead(kept, tag, min * MIN);
      decisions.push(keep);
      if (keep) kept = withKeptRead(kept, { tag, atMs: min * MIN });
    }
    expect(DRIVER_TAG_REPEAT_MS).toBe(30 * MIN);
    expect(decisions).toEqual([true, false, false, true, true, true]);
  });

  it('judges a late read against the kept read before it (a resent packet adds nothing)', () => {
    const kept = [
      { tag: 'A1', atMs: 0 },
      { tag: 'B2', atMs: 20 * MIN },
    ];
    expect(shouldKeepRead(kept, 'A1', 5 * MIN)).toBe(false);
    expect(shouldKeepRead(kept, 'A1', 0)).toBe(false);
    expect(shouldKeepRead(kept, 'C3', 10 * MIN)).toBe(true);
    expect(shouldKeepRead(kept, 'A1', -MIN)).toBe(true);
  });

  it('remembers the newest reads only, in time order', () => {
    let kept: KeptRead[] = [];
    for (let i = KEPT_READS + 4; i >= 0; i--) kept = withKeptRead(kept, { tag: `T${i}`, atMs: i * MIN });
    expect(kept).toHaveLength(KEPT_READS);
    expect(kept[0]?.atMs).toBe(5 * MIN);
    expect(kept.at(-1)?.atMs).toBe((KEPT_READS + 4) * MIN);
  });
});
