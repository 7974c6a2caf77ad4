/** Command-line parsing for `npm run simulate`, kept apart from cli.ts so it can be tested. */
import { parseArgs } from 'node:util';
import { DEVICE_PROTOCOLS, type DeviceProtocol } from './fleet/types.ts';
import { DEFAULT_PORTS, type SimulatorOptions } from './runtime/start-simulator.ts';

export const USAGE = `Usage: npm run simulate -- [options]

  --vehicles N          number of virtual vehicles (default 10)
  --protocol P          ais140 | gt06 | teltonika | mixed (default mixed)
  --host H              gateway host (default 127.0.0.1)
  --ports LIST          e.g. ais140=5010,gt06=5023,teltonika=5027 (defaults shown)
  --interval S          report interval with ignition on, simulated seconds (default 10)
  --seed N              PRNG seed: same seed, same fleet and same day (default 1)
  --speedup K           simulated seconds per wall second (default 1)
  --imei-prefix DIGITS  IMEI prefix (default 8691234); IMEIs are prefix + index + Luhn digit
  --schedule MODE       on-duty (default: every vehicle mid-shift now) | ist (shifts follow the IST clock)
  --start TIME          simulated start, ISO-8601 (default now); with --speedup K start in the past, or fix
                        times run ahead of the server clock (by (K-1) x elapsed)
  --duration S          stop after S wall seconds (default: run until Ctrl-C)
  --summary S           seconds between summary lines (default 5)
  --verbose             log connection events
  --help`;

export interface CliOptions {
  simulator: SimulatorOptions & { vehicles: number };
  durationS: number | null;
  summaryS: number;
  isVerbose: boolean;
  isHelp: boolean;
}

export function parseCliArgs(argv: readonly string[]): CliOptions {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      vehicles: { type: 'string' },
      protocol: { type: 'string' },
      host: { type: 'string' },
      ports: { type: 'string' },
      interval: { type: 'string' },
      seed: { type: 'string' },
      speedup: { type: 'string' },
      'imei-prefix': { type: 'string' },
      schedule: { type: 'string' },
      start: { type: 'string' },
      duration: { type: 'string' },
      summary: { type: 'string' },
      verbose: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  const protocol = values.protocol ?? 'mixed';
  if (protocol !== 'mixed' && !isProtocol(protocol))
    throw new Error(`--protocol: unknown protocol ${protocol}`);
  const schedule = values.schedule ?? 'on-duty';
  if (schedule !== 'ist' && schedule !== 'on-duty') throw new Error('--schedule: ist or on-duty');
  const startMs = values.start === undefined ? undefined : Date.parse(values.start);
  if (startMs !== undefined && Number.isNaN(startMs)) throw new Error('--start: expected an ISO-8601 time');
  const imeiPrefix = values['imei-prefix'];
  if (imeiPrefix !== undefined && !/^\d{1,8}$/.test(imeiPrefix)) throw new Error('--imei-prefix: 1–8 digits');
  return {
    simulator: {
      vehicles: integer('--vehicles', values.vehicles, 10, 1),
      protocol,
      host: values.host ?? '127.0.0.1',
      ports: parsePorts(values.ports),
      intervalS: positive('--interval', values.interval, 10),
      seed: integer('--seed', values.seed, 1, 0),
      speedup: positive('--speedup', values.speedup, 1),
      imeiPrefix,
      schedule,
      ...(startMs === undefined ? {} : { startMs }),
    },
    durationS: values.duration === undefined ? null : positive('--duration', values.duration, 0),
    summaryS: positive('--summary', values.summary, 5),
    isVerbose: values.verbose ?? false,
    isHelp: values.help ?? false,
  };
}

export function parsePorts(text: string | undefined): Record<DeviceProtocol, number> {
  const ports = { ...DEFAULT_PORTS };
  if (text === undefined || text === '') return ports;
  for (const pair of text.split(',')) {
    const [name = '', value = ''] = pair.split('=').map((part) => part.trim());
    if (!isProtocol(name)) throw new Error(`--ports: unknown protocol ${name}`);
    const port = Number(value);
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`--ports: bad port for ${name}`);
    ports[name] = port;
  }
  return ports;
}

function isProtocol(value: string): value is DeviceProtocol {
  return (DEVICE_PROTOCOLS as readonly string[]).includes(value);
}

function integer(flag: string, text: string | undefined, fallback: number, min: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) throw new Error(`${flag}: expected an integer ≥ ${min}`);
  return value;
}

function positive(flag: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!(value > 0) || !Number.isFinite(value)) throw new Error(`${flag}: expected a positive number`);
  return value;
}
