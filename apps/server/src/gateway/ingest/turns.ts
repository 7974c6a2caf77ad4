/**
 * Turns of the event loop for the writer's background work. The gateway's sockets, the pipeline, the early live
 * publish and (all-in-one) the API share one thread with the writer; what a commit sets off — building a batch's
 * state SQL (device_latest, the derive tables: ~20 µs a device) and releasing the acks of hundreds of connections
 * (one socket write each) — ran as one block of 10–20 ms and made every live fix behind it wait (bench/README.md
 * "live-latency"). Here it runs in turns of about TURN_MS, and between turns (setImmediate: after the poll phase)
 * received frames are handled and timers fire.
 */

/** Background work per turn before the event loop gets its turn back (ms). */
export const TURN_MS = 3;

export const yieldToLoop = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));

const now = (): number => performance.now();

/**
 * A breather for one piece of background work: `await breathe()` between its steps returns at once while the
 * current turn is younger than TURN_MS, else after one setImmediate (and starts a new turn).
 */
export function breather(clock: () => number = now): () => Promise<void> {
  let since = clock();
  return async () => {
    if (clock() - since < TURN_MS) return;
    await yieldToLoop();
    since = clock();
  };
}

/**
 * Calls `tasks` in order, as many per turn as fit in TURN_MS (at least one), the rest in later turns. A task that
 * throws is its own business (a connection closes itself): the others still run. Resolves when all have run.
 */
export function runInTurns(tasks: readonly (() => void)[], clock: () => number = now): Promise<void> {
  let next = 0;
  const runTurn = (): boolean => {
    const since = clock();
    do {
      const task = tasks[next++] as () => void;
      try {
        task();
      } catch {
        // see above
      }
    } while (next < tasks.length && clock() - since < TURN_MS);
    return next >= tasks.length;
  };
  if (tasks.length === 0 || runTurn()) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const later = (): void => {
      if (runTurn()) resolve();
      else setImmediate(later);
    };
    setImmediate(later);
  });
}
