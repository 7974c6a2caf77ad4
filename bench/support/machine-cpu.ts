/**
 * CPU of processes the benchmark does not run in its own code: PostgreSQL's backends and redis-server, read from
 * /proc (Linux) and Redis INFO. Used to tell which process a latency figure waits for.
 */
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';

/** Linux USER_HZ: /proc/<pid>/stat counts CPU in 1/100 s on every Linux this runs on. */
const TICKS_PER_S = 100;

/** utime + stime of a process in µs, or null when it is gone. */
export function processCpuUs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: the fields after it start past the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1e6) / TICKS_PER_S : null;
  } catch {
    return null;
  }
}

/** CPU (µs) per pid of every process whose command is `postgres` (postmaster, backends, background workers). */
export function postgresCpuByPid(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    const us = processCpuUs(pid);
    if (us !== null) byPid.set(pid, us);
  }
  return byPid;
}

/**
 * CPU the PostgreSQL processes used between two postgresCpuByPid() readings (µs). Backends that started in between
 * count from zero; ones that ended in between are missed (the server's pools keep theirs open for a run). Every
 * database of the server counts, so other work on the same PostgreSQL shows up here too.
 */
export function postgresCpuUsBetween(before: Map<number, number>, after: Map<number, number>): number {
  let us = 0;
  for (const [pid, now] of after) us += now - (before.get(pid) ?? 0);
  return us;
}

/** What Redis reports about itself: its CPU (µs, user + system) and PUBLISH calls so far. */
export interface RedisCounters {
  cpuUs: number;
  publishCalls: number;
  /** Time Redis spent in PUBLISH (µs), fan-out to subscribers included. */
  publishUs: number;
}

/** INFO over one short raw RESP connection (no client library needed for one command). */
export async function redisCounters(port: number): Promise<RedisCounters> {
  const text = await redisInfo(port);
  const field = (name: string) => Number(new RegExp(`^${name}:([0-9.]+)`, 'm').exec(text)?.[1] ?? NaN);
  const publish = /^cmdstat_publish:calls=(\d+),usec=(\d+)/m.exec(text);
  return {
    cpuUs: Math.round((field('used_cpu_user') + field('used_cpu_sys')) * 1e6),
    publishCalls: Number(publish?.[1] ?? 0),
    publishUs: Number(publish?.[2] ?? 0),
  };
}

function redisInfo(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    let reply = Buffer.alloc(0);
    socket.setTimeout(5_000, () => {
      socket.destroy();
      reject(new Error('Redis INFO timed out'));
    });
    socket.once('error', reject);
    socket.once('connect', () => socket.write('INFO all\r\n'));
    socket.on('data', (chunk: Buffer) => {
      reply = Buffer.concat([reply, chunk]);
      // A bulk string: $<length>\r\n<length bytes>\r\n
      const headerEnd = reply.indexOf('\r\n');
      if (reply[0] !== 0x24 || headerEnd < 0) return;
      const length = Number(reply.subarray(1, headerEnd).toString());
      if (reply.length < headerEnd + 2 + length) return;
      socket.destroy();
      resolve(reply.subarray(headerEnd + 2, headerEnd + 2 + length).toString());
    });
  });
}

/** Busy and total CPU time of the whole machine so far (µs, all cores), from /proc/stat's first line. */
export function machineCpuUs(): { busyUs: number; totalUs: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
  // cpu user nice system idle iowait irq softirq steal …: idle and iowait are the only not-busy columns.
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = ticks.reduce((sum, t) => sum + t, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busyUs: ((total - idle) * 1e6) / TICKS_PER_S, totalUs: (total * 1e6) / TICKS_PER_S };
}
