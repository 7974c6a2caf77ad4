/** Golden tests of the dump mismatch on deterministic days (Asia/Kolkata). */
import { describe, expect, it } from 'vitest';
import { ist } from '../../derive/testing/track.ts';
import { dumpMismatch, hasGpsPresence, type MismatchEntry, type MismatchVisit } from './dump-mismatch.ts';

const ms = (wall: string) => ist(wall).getTime();
const TRUCK = '11';
const TIPPER = '12';
const YARD = '7';
const STATION = '8';

const visit = (vehicleId: string, geofenceId: string, from: string, to: string | null): MismatchVisit => ({
  vehicleId,
  geofenceId,
  enteredMs: ms(from),
  exitedMs: to === null ? null : ms(to),
  day: from.slice(0, 10),
});
const entry = (id: string, vehicleId: string, geofenceId: string, at: string): MismatchEntry => ({
  id,
  vehicleId,
  geofenceId,
  geofenceName: geofenceId === YARD ? 'Devguradia' : 'Chandan Nagar GTS',
  enteredMs: ms(at),
  day: at.slice(0, 10),
});

/** A job run of the day with a 06:00–10:00 IST window (or ending at `end`). */
const run = (vehicleId: string, day: string, expectedTrips: number, end = '10:00') => ({
  vehicleId,
  day,
  expectedTrips,
  windowEndMs: ms(`${day} ${end}`),
});

describe('hasGpsPresence', () => {
  const v = [visit(TRUCK, YARD, '2026-11-23 10:00', '2026-11-23 10:20')];
  it('matches a visit overlapping the entry time ± 15 min, same vehicle and fence', () => {
    expect(hasGpsPresence(entry('1', TRUCK, YARD, '2026-11-23 10:05'), v, 0)).toBe(true);
    expect(hasGpsPresence(entry('1', TRUCK, YARD, '2026-11-23 10:35'), v, 0)).toBe(true);
    expect(hasGpsPresence(entry('1', TRUCK, YARD, '2026-11-23 09:45'), v, 0)).toBe(true);
    expect(hasGpsPresence(entry('1', TRUCK, YARD, '2026-11-23 10:36'), v, 0)).toBe(false);
    expect(hasGpsPresence(entry('1', TRUCK, YARD, '2026-11-23 09:44'), v, 0)).toBe(false);
    expect(hasGpsPresence(entry('1', TIPPER, YARD, '2026-11-23 10:05'), v, 0)).toBe(false);
    expect(hasGpsPresence(entry('1', TRUCK, STATION, '2026-11-23 10:05'), v, 0)).toBe(false);
  });
  it('an open visit lasts until now', () => {
    const open = [visit(TRUCK, YARD, '2026-11-23 10:00', null)];
    expect(hasGpsPresence(entry('1', TRUCK, YARD, '2026-11-23 11:00'), open, ms('2026-11-23 11:10'))).toBe(
      true,
    );
    expect(hasGpsPresence(entry('1', TRUCK, YARD, '2026-11-23 11:30'), open, ms('2026-11-23 11:10'))).toBe(
      false,
    );
  });
});

describe('dumpMismatch', () => {
  it('compares expected, GPS and recorded trips per vehicle per day', () => {
    const rows = dumpMismatch({
      days: ['2026-11-23', '2026-11-24'],
      runs: [
        // The truck runs two jobs on the 23rd (2 + 1 trips), one on the 24th.
        run(TRUCK, '2026-11-23', 2),
        run(TRUCK, '2026-11-23', 1),
        run(TRUCK, '2026-11-24', 1),
        run(TIPPER, '2026-11-23', 1),
        // Outside the range: ignored.
        run(TIPPER, '2026-11-25', 4),
      ],
      visits: [
        visit(TRUCK, YARD, '2026-11-23 09:00', '2026-11-23 09:20'),
        visit(TRUCK, STATION, '2026-11-23 13:00', '2026-11-23 13:10'),
        visit(TRUCK, YARD, '2026-11-23 17:00', '2026-11-23 17:25'),
        // Entered 23:55 on the 24th: counts on the 24th; the operator wrote 00:05 of the 25th (outside the range).
        visit(TRUCK, YARD, '2026-11-24 23:55', '2026-11-25 00:20'),
        // The day before the range: only for matching entries.
        visit(TIPPER, YARD, '2026-11-22 23:50', '2026-11-23 00:10'),
      ],
      entries: [
        entry('101', TRUCK, YARD, '2026-11-23 09:05'),
        entry('102', TRUCK, YARD, '2026-11-23 17:10'),
        // The tipper's entry just after midnight matches the visit entered the day before.
        entry('103', TIPPER, YARD, '2026-11-23 00:05'),
        // The tipper's second entry has no GPS presence at all.
        entry('104', TIPPER, STATION, '2026-11-23 15:00'),
        entry('105', TRUCK, YARD, '2026-11-25 00:05'),
      ],
      registrationNumbers: new Map([
        [TRUCK, 'MP09CF0011'],
        [TIPPER, 'MP09CF0012'],
      ]),
      nowMs: ms('2026-11-26 10:00'),
    });
    expect(rows).toEqual([
      {
        day: '2026-11-23',
        vehicleId: TRUCK,
        registrationNumber: 'MP09CF0011',
        expectedTrips: 3,
        gpsTrips: 3,
        recordedTrips: 2,
        unconfirmedEntries: [],
        status: 'ok',
        inProgress: false,
      },
      {
        day: '2026-11-23',
        vehicleId: TIPPER,
        registrationNumber: 'MP09CF0012',
        expectedTrips: 1,
        gpsTrips: 0,
        recordedTrips: 2,
        unconfirmedEntries: [
          {
            entryId: '104',
            geofenceId: STATION,
            geofenceName: 'Chandan Nagar GTS',
            enteredAt: '2026-11-23T09:30:00.000Z',
          },
        ],
        status: 'unconfirmed-entry',
        inProgress: false,
      },
      {
        day: '2026-11-24',
        vehicleId: TRUCK,
        registrationNumber: 'MP09CF0011',
        expectedTrips: 1,
        gpsTrips: 1,
        recordedTrips: 0,
        unconfirmedEntries: [],
        status: 'ok',
        inProgress: false,
      },
    ]);
  });

  it('flags fewer GPS trips than expected, and lists vehicles with only GPS trips', () => {
    const rows = dumpMismatch({
      days: ['2026-11-23'],
      runs: [run(TRUCK, '2026-11-23', 2)],
      visits: [
        visit(TRUCK, YARD, '2026-11-23 09:00', '2026-11-23 09:20'),
        visit(TIPPER, STATION, '2026-11-23 11:00', null),
      ],
      entries: [],
      registrationNumbers: new Map(),
      nowMs: ms('2026-11-23 12:00'),
    });
    expect(rows.map((r) => [r.vehicleId, r.expectedTrips, r.gpsTrips, r.recordedTrips, r.status])).toEqual([
      [TRUCK, 2, 1, 0, 'fewer-than-expected'],
      [TIPPER, 0, 1, 0, 'ok'],
    ]);
  });

  it('does not call a day short while a job window is still open', () => {
    const input = {
      days: ['2026-11-23'],
      runs: [run(TRUCK, '2026-11-23', 1), run(TRUCK, '2026-11-23', 2, '14:00')],
      visits: [visit(TRUCK, YARD, '2026-11-23 09:00', '2026-11-23 09:20')],
      entries: [],
      registrationNumbers: new Map<string, string>(),
    };
    expect(dumpMismatch({ ...input, nowMs: ms('2026-11-23 12:00') })[0]).toMatchObject({
      expectedTrips: 3,
      gpsTrips: 1,
      status: 'ok',
      inProgress: true,
    });
    expect(dumpMismatch({ ...input, nowMs: ms('2026-11-23 14:00') })[0]).toMatchObject({
      status: 'fewer-than-expected',
      inProgress: false,
    });
  });

  it('has no rows for an idle range', () => {
    expect(
      dumpMismatch({
        days: ['2026-11-23'],
        runs: [],
        visits: [],
        entries: [],
        registrationNumbers: new Map(),
        nowMs: 0,
      }),
    ).toEqual([]);
  });
});
