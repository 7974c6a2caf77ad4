/** Golden tests of the dashboards' folds on hand-made rows (Asia/Kolkata days and hours, shift time, the tree). */
import { describe, expect, it } from 'vitest';
import {
  bucketTrips,
  countAttendance,
  countComplaints,
  daysBetween,
  divisionTree,
  fleetRows,
  rangeInstants,
  rankBy,
  shiftSeconds,
  type VehicleDay,
} from './dashboard.figures.ts';

const at = (iso: string) => new Date(iso);
const day = (over: Partial<VehicleDay>): VehicleDay => ({
  vehicleId: 1n,
  day: '2026-11-20',
  distanceM: 0,
  runS: 0,
  idleS: 0,
  maxSpeedKph: null,
  firstIgnitionAt: null,
  lastIgnitionAt: null,
  ...over,
});

describe('dashboard figures', () => {
  it('spans local days: IST midnight is 18:30 UTC the day before; month ends roll over', () => {
    expect(rangeInstants('2026-11-20', '2026-11-20')).toEqual({
      fromAt: at('2026-11-19T18:30:00Z'),
      toAt: at('2026-11-20T18:30:00Z'),
    });
    expect(daysBetween('2026-11-29', '2026-12-02')).toEqual([
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
    ]);
  });

  it('buckets trips by local hour and day (a trip at 18:45 UTC is 00:15 the next local day)', () => {
    const { byHour, byDay } = bucketTrips(
      [
        Date.parse('2026-11-19T18:45:00Z'),
        Date.parse('2026-11-20T03:00:00Z'),
        Date.parse('2026-11-20T03:29:00Z'),
      ],
      ['2026-11-20'],
    );
    expect(byHour[0]).toBe(1);
    expect(byHour[8]).toBe(2);
    expect(byDay).toEqual([{ day: '2026-11-20', count: 3 }]);
  });

  it('counts attendance of listed staff only, and open / overdue complaints', () => {
    const marks = [
      { staffId: 1n, day: '2026-11-20', status: 'PRESENT' },
      { staffId: 2n, day: '2026-11-20', status: 'ABSENT' },
      { staffId: 9n, day: '2026-11-20', status: 'PRESENT' },
      { staffId: 3n, day: '2026-11-19', status: 'PRESENT' },
    ];
    expect(countAttendance([1n, 2n, 3n], marks, '2026-11-20')).toEqual({
      day: '2026-11-20',
      staff: 3,
      present: 1,
      absent: 1,
      notMarked: 1,
    });
    const now = Date.parse('2026-11-20T06:00:00Z');
    expect(
      countComplaints(
        [
          { status: 'open', dueAt: at('2026-11-20T05:00:00Z') },
          { status: 'reopened', dueAt: at('2026-11-21T05:00:00Z') },
          { status: 'resolved', dueAt: at('2026-11-19T05:00:00Z') },
        ],
        now,
      ),
    ).toEqual({ open: 1, assigned: 0, reopened: 1, total: 2, overdue: 1 });
  });

  it('takes shift time from the union of job windows, else the ignition span', () => {
    const windows = [
      {
        vehicleId: 1n,
        day: '2026-11-20',
        windowStart: at('2026-11-20T00:30:00Z'),
        windowEnd: at('2026-11-20T02:30:00Z'),
      },
      {
        vehicleId: 1n,
        day: '2026-11-20',
        windowStart: at('2026-11-20T02:00:00Z'),
        windowEnd: at('2026-11-20T03:00:00Z'),
      },
      {
        vehicleId: 1n,
        day: '2026-11-20',
        windowStart: at('2026-11-20T10:00:00Z'),
        windowEnd: at('2026-11-20T11:00:00Z'),
      },
    ];
    expect(shiftSeconds(undefined, windows)).toBe(3.5 * 3600);
    const span = day({
      firstIgnitionAt: at('2026-11-20T01:00:00Z'),
      lastIgnitionAt: at('2026-11-20T04:15:00Z'),
    });
    expect(shiftSeconds(span, [])).toBe(3.25 * 3600);
    expect(shiftSeconds(day({}), [])).toBe(0);
  });

  it('sums a vehicle over its days and ranks the fleet', () => {
    const rows = fleetRows(
      [
        { id: 1n, registrationNumber: 'A' },
        { id: 2n, registrationNumber: 'B' },
        { id: 3n, registrationNumber: 'C' },
      ],
      [
        day({
          distanceM: 1000,
          runS: 1800,
          maxSpeedKph: 40,
          firstIgnitionAt: at('2026-11-20T01:00:00Z'),
          lastIgnitionAt: at('2026-11-20T02:00:00Z'),
        }),
        day({
          day: '2026-11-21',
          distanceM: 500,
          runS: 600,
          maxSpeedKph: 55,
          firstIgnitionAt: at('2026-11-21T01:00:00Z'),
          lastIgnitionAt: at('2026-11-21T01:20:00Z'),
        }),
        day({
          vehicleId: 2n,
          distanceM: 4000,
          runS: 900,
          firstIgnitionAt: at('2026-11-20T01:00:00Z'),
          lastIgnitionAt: at('2026-11-20T02:00:00Z'),
        }),
      ],
      [],
      new Map([[2n, 3]]),
    );
    expect(rows[0]).toMatchObject({
      distanceM: 1500,
      runS: 2400,
      shiftS: 4800,
      utilisation: 0.5,
      maxSpeedKph: 55,
    });
    expect(rows[1]).toMatchObject({ utilisation: 0.25, overspeedEvents: 3 });
    expect(rows[2]).toMatchObject({ distanceM: 0, shiftS: 0, utilisation: null });
    const byDistance = rankBy(rows, (r) => r.distanceM, 2);
    expect(byDistance.top.map((r) => r.registrationNumber)).toEqual(['B', 'A']);
    expect(byDistance.bottom.map((r) => r.registrationNumber)).toEqual(['C', 'A']);
    expect(rankBy(rows, (r) => r.utilisation, 5).top.map((r) => r.registrationNumber)).toEqual(['A', 'B']);
  });

  it('rolls rows up the tree; rows without a known division are unassigned', () => {
    const divisions = [
      { id: 1n, type: 'ZONE', name: 'Z', code: null, parentId: null },
      { id: 2n, type: 'CIRCLE', name: 'C', code: null, parentId: 1n },
      { id: 3n, type: 'WARD', name: 'W1', code: null, parentId: 2n },
      { id: 4n, type: 'WARD', name: 'W2', code: null, parentId: 2n },
    ];
    const { tree, total, unassigned } = divisionTree(
      divisions,
      [
        {
          zoneId: 1n,
          circleId: 2n,
          wardId: 3n,
          add: { vehicles: 1, checkpointsMet: 1, checkpointsTotal: 2 },
        },
        {
          zoneId: 1n,
          circleId: 2n,
          wardId: 4n,
          add: { vehicles: 1, checkpointsMet: 2, checkpointsTotal: 2 },
        },
        { zoneId: 1n, circleId: null, wardId: null, add: { staff: 1 } },
        { zoneId: null, circleId: null, wardId: 99n, add: { openComplaints: 1 } },
      ],
      null,
    );
    expect(tree).toHaveLength(1);
    expect(tree[0]?.figures).toMatchObject({ vehicles: 2, staff: 1, coverage: 0.75 });
    expect(tree[0]?.children[0]?.figures).toMatchObject({ vehicles: 2, staff: 0 });
    expect(tree[0]?.children[0]?.children.map((w) => [w.name, w.figures.coverage])).toEqual([
      ['W1', 0.5],
      ['W2', 1],
    ]);
    expect(unassigned).toMatchObject({ openComplaints: 1, vehicles: 0 });
    expect(total).toMatchObject({ vehicles: 2, staff: 1, openComplaints: 1, coverage: 0.75 });
    expect(divisionTree(divisions, [], [2n]).tree.map((n) => n.name)).toEqual(['C']);
  });
});
