import { DEFAULT_RETENTION_SETTINGS } from '@civicfleet/shared';
import { describe, expect, it } from 'vitest';
import {
  inheritRetentionSettings,
  resolveAllRetention,
  storedRetentionOverrides,
} from './retention-policy.ts';

describe('retention settings inheritance', () => {
  it('keeps only valid stored values (hand-edited jsonb cannot switch retention to 1 day)', () => {
    expect(
      storedRetentionOverrides({ positionsDays: 500, rawLogsDays: 1, eventsDays: '90', extra: 3 }),
    ).toEqual({
      positionsDays: 500,
    });
    expect(storedRetentionOverrides(null)).toEqual({});
    expect(storedRetentionOverrides([400])).toEqual({});
  });

  it('takes each value from the nearest organisation that sets it, then the defaults', () => {
    expect(
      inheritRetentionSettings([{ eventsDays: 1000, rawLogsDays: 60 }, undefined, { rawLogsDays: 30 }]),
    ).toEqual({ ...DEFAULT_RETENTION_SETTINGS, eventsDays: 1000, rawLogsDays: 30 });
  });

  it('resolves every organisation of a tree, and survives a cycle', () => {
    const all = resolveAllRetention([
      { id: '1', parentId: null, retention: { positionsDays: 800 } },
      { id: '2', parentId: '1', retention: undefined },
      { id: '3', parentId: '2', retention: { positionsDays: 60 } },
      { id: '8', parentId: '9', retention: { eventsDays: 100 } },
      { id: '9', parentId: '8', retention: { rawLogsDays: 20 } },
    ]);
    expect(all.get('2')?.positionsDays).toBe(800);
    expect(all.get('3')?.positionsDays).toBe(60);
    expect(all.get('8')).toMatchObject({ eventsDays: 100, rawLogsDays: 20 });
  });
});
