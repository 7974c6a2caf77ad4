/** Golden test of driver performance on deterministic allocations, intervals and events. */
import { describe, expect, it } from 'vitest';
import { computeDriverPerformance } from './driver-performance.ts';

const at = (hhmm: string) => new Date(`2026-11-20T${hhmm}:00+05:30`);

describe('driver performance', () => {
  it('attributes distance, idle and events of the allocated vehicle within each allocation', () => {
    const rows = computeDriverPerformance({
      fromMs: at('00:00').getTime(),
      toMs: new Date('2026-11-21T00:00:00+05:30').getTime(),
      nowMs: at('18:00').getTime(),
      allocations: [
        // Ravi drives truck 1 06:00–10:00, then Sunil takes over (driver change) until now.
        {
          staffId: 1n,
          name: 'Ravi',
          vehicleId: 1n,
          registrationNumber: 'MP09AA0001',
          startedAt: at('06:00'),
          endedAt: at('10:00'),
        },
        {
          staffId: 2n,
          name: 'Sunil',
          vehicleId: 1n,
          registrationNumber: 'MP09AA0001',
          startedAt: at('10:00'),
          endedAt: null,
        },
        // A supervisor's and a driver-id allocation of Ravi on truck 1 overlapping: counted once.
        {
          staffId: 1n,
          name: 'Ravi',
          vehicleId: 1n,
          registrationNumber: 'MP09AA0001',
          startedAt: at('07:00'),
          endedAt: at('09:00'),
        },
        // Meena drove 400 m only: per-100 km figures are null.
        {
          staffId: 3n,
          name: 'Meena',
          vehicleId: 2n,
          registrationNumber: 'MP09AA0002',
          startedAt: at('06:00'),
          endedAt: at('07:00'),
        },
        // Outside the range.
        {
          staffId: 4n,
          name: 'Old',
          vehicleId: 2n,
          registrationNumber: 'MP09AA0002',
          startedAt: new Date('2026-11-19T06:00:00+05:30'),
          endedAt: new Date('2026-11-19T08:00:00+05:30'),
        },
      ],
      intervals: [
        { vehicleId: 1n, kind: 'moving', startedAt: at('06:00'), endedAt: at('08:00'), distanceM: 30_000 },
        { vehicleId: 1n, kind: 'idle', startedAt: at('08:00'), endedAt: at('08:30'), distanceM: 0 },
        // Straddles the driver change: 9:00–11:00, 20 km → 10 km each.
        { vehicleId: 1n, kind: 'moving', startedAt: at('09:00'), endedAt: at('11:00'), distanceM: 20_000 },
        { vehicleId: 1n, kind: 'idle', startedAt: at('11:00'), endedAt: at('11:20'), distanceM: 0 },
        { vehicleId: 2n, kind: 'moving', startedAt: at('06:10'), endedAt: at('06:20'), distanceM: 400 },
      ],
      events: [
        { vehicleId: 1n, type: 'harshBraking', startedAt: at('06:30') },
        { vehicleId: 1n, type: 'harshCornering', startedAt: at('07:30') },
        { vehicleId: 1n, type: 'overspeed', startedAt: at('09:59') },
        { vehicleId: 1n, type: 'overspeed', startedAt: at('10:00') },
        { vehicleId: 1n, type: 'sos', startedAt: at('10:30') },
        { vehicleId: 2n, type: 'harshAcceleration', startedAt: at('06:15') },
      ],
    });
    expect(rows).toEqual([
      {
        staffId: '1',
        name: 'Ravi',
        vehicles: ['MP09AA0001'],
        distanceKm: 40,
        harshEvents: 2,
        overspeedEvents: 1,
        idleS: 1800,
        harshPer100Km: 5,
        overspeedPer100Km: 2.5,
        idleMinPer100Km: 75,
      },
      {
        staffId: '2',
        name: 'Sunil',
        vehicles: ['MP09AA0001'],
        distanceKm: 10,
        harshEvents: 0,
        overspeedEvents: 1,
        idleS: 1200,
        harshPer100Km: 0,
        overspeedPer100Km: 10,
        idleMinPer100Km: 200,
      },
      {
        staffId: '3',
        name: 'Meena',
        vehicles: ['MP09AA0002'],
        distanceKm: 0.4,
        harshEvents: 1,
        overspeedEvents: 0,
        idleS: 0,
        harshPer100Km: null,
        overspeedPer100Km: null,
        idleMinPer100Km: null,
      },
    ]);
  });
});
