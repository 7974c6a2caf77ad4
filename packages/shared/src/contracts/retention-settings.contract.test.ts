import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RETENTION_SETTINGS,
  ROLLUPS_SHORTER_MESSAGE,
  RetentionSettingsPatchSchema,
  checkRetentionSettings,
} from './retention-settings.contract.ts';

function messagesOf(body: unknown): string[] {
  const result = RetentionSettingsPatchSchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('RetentionSettingsPatchSchema', () => {
  it('accepts an empty patch (everything inherited) and values inside the bounds', () => {
    expect(RetentionSettingsPatchSchema.parse({})).toEqual({});
    const full = { positionsDays: 30, rawLogsDays: 7, eventsDays: 3650, rollupsDays: 30 };
    expect(RetentionSettingsPatchSchema.parse(full)).toEqual(full);
  });

  it('refuses values outside the bounds with a message naming the field and the range', () => {
    expect(messagesOf({ positionsDays: 29 })).toEqual(['positionsDays must be between 30 and 3650 days']);
    expect(messagesOf({ rawLogsDays: 6 })).toEqual(['rawLogsDays must be between 7 and 3650 days']);
    expect(messagesOf({ eventsDays: 3651 })).toEqual(['eventsDays must be between 30 and 3650 days']);
    expect(messagesOf({ rollupsDays: 10 })).toEqual(['rollupsDays must be between 30 and 3650 days']);
  });

  it('refuses fractions, strings and unknown keys', () => {
    expect(messagesOf({ positionsDays: 400.5 })).toEqual(['positionsDays must be a whole number of days']);
    expect(messagesOf({ eventsDays: '730' })).toEqual(['eventsDays must be a number of days']);
    expect(messagesOf({ positionDays: 400 })).toHaveLength(1);
  });

  it('refuses rollups kept shorter than positions when both are given', () => {
    expect(messagesOf({ positionsDays: 500, rollupsDays: 400 })).toEqual([ROLLUPS_SHORTER_MESSAGE]);
    expect(messagesOf({ positionsDays: 500, rollupsDays: 500 })).toEqual([]);
  });
});

describe('checkRetentionSettings', () => {
  it('accepts the platform defaults, which keep rollups longer than positions', () => {
    expect(checkRetentionSettings(DEFAULT_RETENTION_SETTINGS)).toBeNull();
    expect(DEFAULT_RETENTION_SETTINGS.rollupsDays).toBeGreaterThan(DEFAULT_RETENTION_SETTINGS.positionsDays);
  });

  it('refuses an effective combination with rollups shorter than positions', () => {
    expect(checkRetentionSettings({ ...DEFAULT_RETENTION_SETTINGS, positionsDays: 2000 })).toBe(
      ROLLUPS_SHORTER_MESSAGE,
    );
  });
});
