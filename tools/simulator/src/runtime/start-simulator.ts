/**
 * Runs a fleet against a gateway: one TCP connection per vehicle, the fleet model ticking on a wall-clock timer
 * (simulated time = start + elapsed × speedup). Used by the CLI and in-process by the server's demo mode.
 */
import { Ais140Session } from '../device/ais140-session.ts';
import { Gt06Session } from '../device/gt06-session.ts';
import { gt06VariantOf } from '../fleet/demo-fleet.ts';
import { isRecordable, type DeviceSession } from '../device/session.ts';
import { TeltonikaSession } from '../device/teltonika-session.ts';
import { demoFleet, type DemoVehicle } from '../fleet/demo-fleet.ts';
import { createFleet, tick } from '../fleet/fleet.ts';
import type { AnomalyRates, DeviceProtocol, VehicleSpec } from '../fleet/types.ts';
import { DeviceConnection } from '../transport/device-connection.ts';
import { summarise, type SimulatorStats } from './stats.ts';

export const DEFAULT_PORTS: Record<DeviceProtocol, number> = { ais140: 5010, gt06: 5023, teltonika: 5027 };

export interface SimulatorOptions {
  /** A count (demo vehicles are generated) or the exact vehicles to drive, e.g. from demoFleet(). */
  vehicles: number | readonly DemoVehicle[];
  /** For a count: one protocol for all, or `mixed` (default) to rotate through the three. */
  protocol?: DeviceProtocol | 'mixed';
  host?: string;
  ports?: Partial<Record<DeviceProtocol, number>>;
  /** Report interval with the ignition on, simulated seconds (default 10). */
  intervalS?: number;
  /** Simulated seconds per wall second (default 1). Above 1, fix times run ahead of the wall clock. */
  speedup?: number;
  seed?: number;
  /** Simulated start time; default now. */
  startMs?: number;
  /** `on-duty` (default): every vehicle is on shift at start. `ist`: shifts follow the IST clock. */
  schedule?: 'ist' | 'on-duty';
  rates?: Partial<AnomalyRates>;
  imeiPrefix?: string;
  heartbeatIntervalS?: number;
  /** Wall milliseconds between fleet ticks (default 500). */
  tickMs?: number;
  log?: (line: string) => void;
}

/** The daily shift a simulated vehicle runs (IST minute of day, length). */
export interface SimulatedShift {
  imei: string;
  startMinuteIst: number;
  durationMin: number;
}

export interface SimulatorHandle {
  readonly vehicles: readonly DemoVehicle[];
  /** Each vehicle's shift: in `on-duty` mode the one that began shortly before the start, repeated daily. */
  readonly shifts: readonly SimulatedShift[];
  stats(): SimulatorStats;
  stop(): Promise<void>;
}

export function startSimulator(options: SimulatorOptions): SimulatorHandle {
  const seed = options.seed ?? 1;
  const intervalS = options.intervalS ?? 10;
  const speedup = options.speedup ?? 1;
  if (!(speedup > 0)) throw new RangeError('speedup must be positive');
  const protocol = options.protocol ?? 'mixed';
  const vehicles =
    typeof options.vehicles === 'number'
      ? demoFleet(options.vehicles, seed, {
          imeiPrefix: options.imeiPrefix,
          protocol: protocol === 'mixed' ? undefined : protocol,
        })
      : [...options.vehicles];
  const ports = { ...DEFAULT_PORTS, ...options.ports };
  const host = options.host ?? '127.0.0.1';
  const log = options.log;
  const wallStartMs = Date.now();
  const simStartMs = options.startMs ?? wallStartMs;

  const specs: VehicleSpec[] = vehicles.map((vehicle) => ({ ...vehicle }));
  const fleet = createFleet(specs, {
    seed,
    startMs: simStartMs,
    intervalS,
    heartbeatIntervalS: options.heartbeatIntervalS,
    schedule: options.schedule ?? 'on-duty',
    rates: options.rates,
  });

  const connections = fleet.vehicles.map((vehicle, index) => {
    const spec = vehicles[index];
    if (spec === undefined) throw new Error('vehicle list changed');
    const identity = { imei: spec.imei, registrationNumber: spec.registrationNumber };
    const session: DeviceSession =
      spec.protocol === 'ais140'
        ? new Ais140Session(
            identity,
            { updateRateOnS: intervalS, updateRateOffS: fleet.config.idleIntervalS },
            vehicle.position,
          )
        : spec.protocol === 'gt06'
          ? new Gt06Session(identity, spec.gt06Variant ?? gt06VariantOf(spec.fleetIndex))
          : new TeltonikaSession(identity);
    return new DeviceConnection(session, { host, port: ports[spec.protocol], log });
  });

  // Spread the first connects over up to ~2 s so a large fleet does not hit the listener in one burst.
  const staggerMs = Math.min(20, 2_000 / Math.max(1, connections.length));
  const startTimers = connections.map((connection, index) =>
    setTimeout(() => connection.start(), Math.floor(index * staggerMs)),
  );

  let isStopped = false;
  const onTick = (): void => {
    if (isStopped) return;
    const simNowMs = simStartMs + (Date.now() - wallStartMs) * speedup;
    for (const { index, events } of tick(fleet, simNowMs)) {
      const connection = connections[index];
      if (connection === undefined) continue;
      for (const event of events) {
        if (event.type === 'network') connection.setNetworkUp(event.isOnline);
        else if (isRecordable(event)) connection.session.record(event);
      }
    }
    for (const connection of connections) connection.pump();
  };
  const timer = setInterval(onTick, options.tickMs ?? 500);
  log?.(
    `simulating ${vehicles.length} vehicles against ${host} (ports ${JSON.stringify(ports)}), ` +
      `interval ${intervalS}s, speedup ${speedup}, seed ${seed}`,
  );

  const shifts = fleet.vehicles.map((vehicle) => ({
    imei: vehicle.spec.imei,
    startMinuteIst: vehicle.shiftStartMinuteIst,
    durationMin: vehicle.shiftDurationMin,
  }));
  return {
    vehicles,
    shifts,
    stats: () => summarise(connections, simStartMs + (Date.now() - wallStartMs) * speedup),
    async stop() {
      if (isStopped) return;
      isStopped = true;
      clearInterval(timer);
      for (const startTimer of startTimers) clearTimeout(startTimer);
      for (const connection of connections) connection.pump();
      await Promise.all(connections.map((connection) => connection.stop()));
    },
  };
}
