/** The network side of the port checker: name resolution and a single TCP connect attempt. */
import { lookup } from 'node:dns/promises';
import { Socket } from 'node:net';

export const PROBE_TIMEOUT_MS = 3000;

export interface ProbeOutcome {
  open: boolean;
  latencyMs: number | null;
  error: string | null;
}

/** Every address the system resolver returns for the host (an IP literal resolves to itself). */
export async function resolveAll(host: string): Promise<string[]> {
  const answers = await lookup(host, { all: true, verbatim: true });
  return answers.map((a) => a.address);
}

/** One TCP connect to an already validated IP address; never resolves a name. */
export function probeTcp(address: string, port: number, timeoutMs = PROBE_TIMEOUT_MS): Promise<ProbeOutcome> {
  return new Promise((resolve) => {
    const startedAt = performance.now();
    const socket = new Socket();
    let settled = false;
    const finish = (outcome: ProbeOutcome): void => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(outcome);
    };
    socket.setTimeout(timeoutMs);
    socket.once('connect', () =>
      finish({ open: true, latencyMs: Math.max(0, Math.round(performance.now() - startedAt)), error: null }),
    );
    socket.once('timeout', () =>
      finish({ open: false, latencyMs: null, error: `No answer within ${timeoutMs / 1000} s` }),
    );
    socket.once('error', (err: NodeJS.ErrnoException) =>
      finish({ open: false, latencyMs: null, error: describe(err) }),
    );
    socket.connect({ host: address, port });
  });
}

function describe(err: NodeJS.ErrnoException): string {
  switch (err.code) {
    case 'ECONNREFUSED':
      return 'Connection refused';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'Host unreachable';
    case 'ETIMEDOUT':
      return 'Connection timed out';
    default:
      return err.code ?? err.message;
  }
}
