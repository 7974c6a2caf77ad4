/**
 * Demo mode of `npm start`: the simulator's virtual trackers of the registered demo fleet (db/seed/demo-fleet.ts)
 * connect to the in-process gateway over loopback TCP, so the console shows a live fleet without hardware.
 * Besides the demo seed, the only server module that imports @civicfleet/simulator (eslint.config.js boundary).
 */
import { startSimulator, type SimulatorHandle } from '@civicfleet/simulator';
import type { Db } from './db/client.ts';
import { DEMO_FLEET_SEED, registeredDemoFleet } from './db/seed/demo-fleet.ts';
import { alignDemoJobsToShifts } from './db/seed/demo-swm.ts';

export interface DemoSimulator {
  vehicles: number;
  stop(): Promise<void>;
}

/**
 * Box-opened episodes per vehicle-hour in the demo: ~4 an hour across the 50 vehicles (the default 0.01 would show
 * one every two hours), so the tampering widgets are never empty for long.
 */
export const DEMO_TAMPER_RATE = 0.08;

/**
 * Starts the simulator for the registered demo vehicles against the gateway's bound ports, or returns null when the
 * database has no demo fleet. Real time (speedup 1) and every vehicle on shift now, so fix times are never ahead of
 * the gateway's clock and the vehicles move at once: the crews' driver-id reads go out with the first reports, and
 * every third vehicle starts on the last point of its beat, so dump-yard and transfer-station visits show within
 * minutes (tools/simulator README "What the demo produces"). The demo jobs are moved to the shifts the simulator runs
 * (seed/demo-swm.ts alignDemoJobsToShifts), so vehicle jobs and SLA describe the moving fleet at any hour.
 */
export async function startDemoSimulator(args: {
  db: Db;
  /** As bound by the gateway. */
  ports: Partial<Record<'ais140' | 'gt06' | 'teltonika', number>>;
  log?: (line: string) => void;
}): Promise<DemoSimulator | null> {
  const vehicles = await registeredDemoFleet(args.db);
  if (vehicles.length === 0) return null;
  const handle: SimulatorHandle = startSimulator({
    vehicles,
    host: '127.0.0.1',
    ports: args.ports,
    intervalS: 10,
    speedup: 1,
    seed: DEMO_FLEET_SEED,
    schedule: 'on-duty',
    rates: { tamper: DEMO_TAMPER_RATE },
    log: args.log,
  });
  const aligned = await alignDemoJobsToShifts(args.db, handle.shifts);
  if (aligned > 0) args.log?.(`demo jobs moved to the simulated shifts: ${aligned}`);
  return { vehicles: vehicles.length, stop: () => handle.stop() };
}
