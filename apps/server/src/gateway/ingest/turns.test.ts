import { describe, expect, it } from 'vitest';
import { breather, runInTurns, TURN_MS } from './turns.ts';

/** A clock the tasks move forward by hand. */
function manualClock(): { now: () => number; advance(ms: number): void } {
  let t = 0;
  return { now: () => t, advance: (ms) => (t += ms) };
}

/** Resolves after the current turn's setImmediate callbacks (those queued before it) have run. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('runInTurns', () => {
  it('runs cheap tasks all at once, before it returns', async () => {
    const ran: number[] = [];
    const done = runInTurns([1, 2, 3].map((n) => () => ran.push(n)));
    expect(ran).toEqual([1, 2, 3]);
    await done;
  });

  it('gives the event loop a turn every TURN_MS of work, in order, and resolves after the last task', async () => {
    const clock = manualClock();
    const ran: number[] = [];
    const tasks = Array.from({ length: 10 }, (_, i) => () => {
      ran.push(i);
      clock.advance(TURN_MS / 2); // two tasks fill a turn
    });
    let resolved = false;
    const done = runInTurns(tasks, clock.now).then(() => (resolved = true));
    expect(ran).toEqual([0, 1]);
    // Something queued now (a received frame's handler, a timer) runs before the next slice.
    const between: number[][] = [];
    setImmediate(() => between.push([...ran]));
    await nextTurn();
    await nextTurn();
    expect(between[0]).toEqual([0, 1, 2, 3]);
    await done;
    expect(resolved).toBe(true);
    expect(ran).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('runs every task even when some throw (a connection closing itself)', async () => {
    const ran: string[] = [];
    await runInTurns([
      () => ran.push('a'),
      () => {
        throw new Error('socket gone');
      },
      () => ran.push('c'),
    ]);
    expect(ran).toEqual(['a', 'c']);
  });

  it('resolves at once with nothing to do', async () => {
    await expect(runInTurns([])).resolves.toBeUndefined();
  });
});

describe('breather', () => {
  it('returns in the same turn while the turn is young, and yields once it is TURN_MS old', async () => {
    const clock = manualClock();
    const breathe = breather(clock.now);
    let other = false;
    setImmediate(() => (other = true));
    await breathe();
    expect(other).toBe(false);
    clock.advance(TURN_MS);
    await breathe();
    expect(other).toBe(true);
    // A new turn started: the next call does not yield again.
    let again = false;
    setImmediate(() => (again = true));
    await breathe();
    expect(again).toBe(false);
  });
});
