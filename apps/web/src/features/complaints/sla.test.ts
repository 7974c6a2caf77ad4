import { describe, expect, it } from 'vitest';
import { slaState } from './sla';

const NOW = Date.parse('2026-11-25T08:30:00Z');
const due = (minutesFromNow: number) => new Date(NOW + minutesFromNow * 60_000).toISOString();

describe('slaState', () => {
  it('counts down to the due time and up once overdue', () => {
    expect(slaState({ status: 'open', dueAt: due(180) }, NOW)).toEqual({
      kind: 'due',
      unit: 'hours',
      count: 3,
    });
    expect(slaState({ status: 'assigned', dueAt: due(45) }, NOW)).toEqual({
      kind: 'due',
      unit: 'minutes',
      count: 45,
    });
    expect(slaState({ status: 'reopened', dueAt: due(-125) }, NOW)).toEqual({
      kind: 'overdue',
      unit: 'hours',
      count: 2,
    });
    expect(slaState({ status: 'open', dueAt: due(-5 * 24 * 60) }, NOW)).toEqual({
      kind: 'overdue',
      unit: 'days',
      count: 5,
    });
    expect(slaState({ status: 'open', dueAt: due(0) }, NOW)).toEqual({
      kind: 'due',
      unit: 'minutes',
      count: 1,
    });
  });

  it('shows nothing for a resolved complaint', () => {
    expect(slaState({ status: 'resolved', dueAt: due(-600) }, NOW)).toEqual({ kind: 'resolved' });
  });
});
