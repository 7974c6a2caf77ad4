/** Golden tests of the attendance and driver-id rules on deterministic inputs (Asia/Kolkata = UTC+05:30). */
import { describe, expect, it } from 'vitest';
import {
  allocationStart,
  daysToClose,
  markKey,
  pickTagOwner,
  planDayClose,
  planDutyMarks,
  planTagRead,
  shiftAt,
  type Mark,
} from './attendance-derive.ts';

/** Local Kolkata wall time → instant. */
const ist = (local: string) => new Date(`${local}+05:30`);

describe('shifts', () => {
  it('cuts the local day at 05:00, 13:00 and 21:00', () => {
    expect(shiftAt(ist('2026-11-20T04:59:59').getTime())).toEqual({ day: '2026-11-20', shift: 'night' });
    expect(shiftAt(ist('2026-11-20T05:00:00').getTime())).toEqual({ day: '2026-11-20', shift: 'morning' });
    expect(shiftAt(ist('2026-11-20T12:59:00').getTime())).toEqual({ day: '2026-11-20', shift: 'morning' });
    expect(shiftAt(ist('2026-11-20T13:00:00').getTime())).toEqual({ day: '2026-11-20', shift: 'afternoon' });
    expect(shiftAt(ist('2026-11-20T21:00:00').getTime())).toEqual({ day: '2026-11-20', shift: 'night' });
    // 23:45 IST is 18:15 UTC the same day; 00:30 IST is 19:00 UTC of the previous UTC day.
    expect(shiftAt(ist('2026-11-21T00:30:00').getTime())).toEqual({ day: '2026-11-21', shift: 'night' });
  });

  it('starts a supervisor allocation at the shift start, or now when allocated late inside the shift', () => {
    const now = ist('2026-11-20T07:30:00').getTime();
    expect(new Date(allocationStart('2026-11-20', 'morning', now)).toISOString()).toBe(
      '2026-11-20T02:00:00.000Z',
    );
    expect(new Date(allocationStart('2026-11-20', 'morning', now + 3_600_000)).toISOString()).toBe(
      '2026-11-20T03:00:00.000Z',
    );
    expect(new Date(allocationStart('2026-11-20', 'afternoon', now)).toISOString()).toBe(
      '2026-11-20T07:30:00.000Z',
    );
    expect(new Date(allocationStart('2026-11-20', 'night', now)).toISOString()).toBe(
      '2026-11-20T15:30:00.000Z',
    );
  });
});

describe('driver-id reads', () => {
  const tree = [10n, 11n, 1n]; // vehicle's organisation, its sub-organisation, its parent
  it('prefers the vehicle organisation, then sub-organisations, then parents; drivers first', () => {
    const parentDriver = { staffId: 5n, organisationId: 1n, role: 'driver' };
    const ownHelper = { staffId: 7n, organisationId: 10n, role: 'helper' };
    const ownDriver = { staffId: 9n, organisationId: 10n, role: 'driver' };
    const stranger = { staffId: 3n, organisationId: 99n, role: 'driver' };
    expect(pickTagOwner([parentDriver, ownHelper, ownDriver, stranger], tree)).toBe(ownDriver);
    expect(pickTagOwner([parentDriver, ownHelper], tree)).toBe(ownHelper);
    expect(pickTagOwner([parentDriver], tree)).toBe(parentDriver);
    expect(pickTagOwner([stranger], tree)).toBeUndefined();
  });

  const owner = { staffId: 9n, organisationId: 10n, role: 'driver' };
  const readAt = ist('2026-11-20T05:42:00');

  it('opens a driver-id allocation and marks PRESENT on a vehicle without a driver', () => {
    expect(
      planTagRead({ readAt, owner, hasVehicle: true, open: undefined, existingMark: undefined }),
    ).toEqual({
      open: { staffId: 9n, day: '2026-11-20', shift: 'morning', startedAt: readAt },
      replace: null,
      mark: { staffId: 9n, day: '2026-11-20', dutyStartAt: readAt },
    });
  });

  it('replaces another driver (a driver change) and keeps a supervisor mark', () => {
    const open = { id: 77n, staffId: 4n, startedAt: ist('2026-11-20T05:00:00') };
    const plan = planTagRead({
      readAt,
      owner,
      hasVehicle: true,
      open,
      existingMark: { status: 'ABSENT', source: 'supervisor' },
    });
    expect(plan).toEqual({
      open: { staffId: 9n, day: '2026-11-20', shift: 'morning', startedAt: readAt },
      replace: { id: 77n, endedAt: readAt },
      mark: null,
    });
  });

  it('does nothing to allocations for the same driver or a late (history) read', () => {
    const same = { id: 77n, staffId: 9n, startedAt: ist('2026-11-20T05:00:00') };
    expect(
      planTagRead({ readAt, owner, hasVehicle: true, open: same, existingMark: undefined }),
    ).toMatchObject({
      open: null,
      replace: null,
      mark: { staffId: 9n },
    });
    const newer = { id: 78n, staffId: 4n, startedAt: ist('2026-11-20T06:00:00') };
    expect(
      planTagRead({ readAt, owner, hasVehicle: true, open: newer, existingMark: undefined }),
    ).toMatchObject({
      open: null,
      replace: null,
    });
  });

  it('replaces the automatic ABSENT of a day close (a late upload), never a supervisor’s or a derived PRESENT', () => {
    const after = (existingMark: Mark) =>
      planTagRead({ readAt, owner, hasVehicle: false, open: undefined, existingMark }).mark;
    expect(after({ status: 'ABSENT', source: 'day-close' })).toEqual({
      staffId: 9n,
      day: '2026-11-20',
      dutyStartAt: readAt,
    });
    expect(after({ status: 'ABSENT', source: 'supervisor' })).toBeNull();
    expect(after({ status: 'PRESENT', source: 'duty' })).toBeNull();
    expect(after({ status: 'PRESENT', source: 'driver-id' })).toBeNull();
  });

  it('leaves an unknown tag alone and marks without allocating when the device has no vehicle', () => {
    expect(
      planTagRead({ readAt, owner: undefined, hasVehicle: true, open: undefined, existingMark: undefined }),
    ).toEqual({ open: null, replace: null, mark: null });
    expect(
      planTagRead({ readAt, owner, hasVehicle: false, open: undefined, existingMark: undefined }),
    ).toMatchObject({ open: null, mark: { staffId: 9n } });
  });
});

describe('duty marks from ignition', () => {
  const day = '2026-11-20';
  const duty = {
    vehicleId: 1n,
    day,
    firstIgnitionAt: ist('2026-11-20T05:40:00'),
    lastIgnitionAt: ist('2026-11-20T11:15:00'),
  };
  const morning = { vehicleId: 1n, day, startedAt: ist('2026-11-20T05:00:00'), endedAt: null };

  it('marks allocated staff PRESENT with duty start/end = first/last ignition, unless marked', () => {
    const marks = new Map([
      [
        markKey(3n, day),
        { status: 'ABSENT' as const, source: 'supervisor' as const, vehicleId: null, dutyEndAt: null },
      ],
    ]);
    const plans = planDutyMarks(
      [
        { ...morning, staffId: 2n },
        { ...morning, staffId: 3n },
        { ...morning, staffId: 4n, vehicleId: 2n },
      ],
      [duty],
      marks,
    );
    expect(plans).toEqual([
      {
        staffId: 2n,
        day,
        vehicleId: 1n,
        dutyStartAt: duty.firstIgnitionAt,
        dutyEndAt: duty.lastIgnitionAt,
        isNew: true,
      },
    ]);
  });

  it('replaces a day-close ABSENT with the duty whose data arrived after midnight', () => {
    const marks = new Map([
      [
        markKey(2n, day),
        { status: 'ABSENT' as const, source: 'day-close' as const, vehicleId: null, dutyEndAt: null },
      ],
    ]);
    expect(planDutyMarks([{ ...morning, staffId: 2n }], [duty], marks)).toEqual([
      {
        staffId: 2n,
        day,
        vehicleId: 1n,
        dutyStartAt: duty.firstIgnitionAt,
        dutyEndAt: duty.lastIgnitionAt,
        isNew: true,
      },
    ]);
  });

  it('moves the duty end of a driver-id mark of the same vehicle and skips crews the vehicle did not run for', () => {
    const marks = new Map([
      [
        markKey(2n, day),
        {
          status: 'PRESENT' as const,
          source: 'driver-id' as const,
          vehicleId: 1n,
          dutyEndAt: ist('2026-11-20T09:00:00'),
        },
      ],
    ]);
    const afternoon = { ...morning, staffId: 5n, startedAt: ist('2026-11-20T13:00:00') };
    const plans = planDutyMarks([{ ...morning, staffId: 2n }, afternoon], [duty], marks);
    expect(plans).toEqual([
      {
        staffId: 2n,
        day,
        vehicleId: 1n,
        dutyStartAt: duty.firstIgnitionAt,
        dutyEndAt: duty.lastIgnitionAt,
        isNew: false,
      },
    ]);
  });
});

describe('day close', () => {
  it('closes the three local days that ended', () => {
    // 2026-11-21 00:10 IST = 2026-11-20 18:40 UTC: the 20th has just ended.
    expect(daysToClose(ist('2026-11-21T00:10:00').getTime())).toEqual([
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
    ]);
  });

  it('marks ABSENT only people who existed before the day ended and have no mark', () => {
    const people = [
      { staffId: 3n, createdAt: ist('2026-11-01T10:00:00') },
      { staffId: 1n, createdAt: ist('2026-11-20T23:59:00') },
      { staffId: 2n, createdAt: ist('2026-11-21T00:00:00') },
      { staffId: 4n, createdAt: ist('2026-11-01T10:00:00') },
    ];
    expect(planDayClose('2026-11-20', people, new Set([4n]))).toEqual([1n, 3n]);
  });
});
