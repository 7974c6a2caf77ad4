/** The alert family's page helpers: the timeline split by IST day, the drill-down link, the English texts. */
import { ALERT_REPORTS } from '@civicfleet/shared';
import { describe, expect, it } from 'vitest';
import en from '@/lib/i18n/locales/en/deferred/reportsAlerts.json';
import { alertGroupedHref } from '../alerts';
import { splitByDay } from './timeline-days';

describe('alert family pages', () => {
  it('splits a span across IST midnight into a piece per day', () => {
    const days = splitByDay([
      { kind: 'stopped', startedAt: '2026-11-20T17:09:00.000Z', endedAt: '2026-11-20T18:20:00.000Z' },
      // 23:50 → 00:20:10 IST
      { kind: 'offline', startedAt: '2026-11-20T18:20:00.000Z', endedAt: '2026-11-20T18:50:10.000Z' },
    ]);
    expect(
      days.map((d) => [
        d.day,
        d.pieces.map((p) => [p.kind, +p.startFraction.toFixed(4), +p.endFraction.toFixed(4)]),
      ]),
    ).toEqual([
      [
        '2026-11-20',
        [
          ['stopped', 0.9437, 0.9931],
          ['offline', 0.9931, 1],
        ],
      ],
      ['2026-11-21', [['offline', 0, 0.014]]],
    ]);
  });

  it('drills down from a group to the alerts of its vehicle or ward over the same days', () => {
    const filter = { from: '2026-11-20T00:00:00+05:30', to: '2026-11-21T23:59:59.999+05:30' };
    expect(alertGroupedHref({ vehicleId: '7' }, filter)).toBe(
      '/reports/alert?from=2026-11-20&to=2026-11-21&vehicleId=7',
    );
    expect(
      alertGroupedHref({ vehicleId: null, wardId: '35' }, { from: '2026-11-20', to: '2026-11-20' }),
    ).toBe('/reports/alert?from=2026-11-20&to=2026-11-20&wardIds=35');
    expect(alertGroupedHref({ wardId: null }, filter)).toBeNull();
  });

  it('has the contract’s English titles and column labels', () => {
    const texts = en as Record<string, { title?: string; columns?: Record<string, string> }>;
    for (const [id, meta] of Object.entries(ALERT_REPORTS)) {
      expect(texts[id]?.title).toBe(meta.title);
      for (const column of meta.columns.filter((c) => !c.hidden)) {
        expect(texts[id]?.columns?.[column.key], `${id}.${column.key}`).toBe(column.label);
      }
    }
  });
});
