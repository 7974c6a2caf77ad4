import { describe, expect, it } from 'vitest';
import { PlaybackClock, UI_INTERVAL_MS, type FrameScheduler } from './playback-clock';

/** Frames driven by the test: `frame(now)` runs the pending callback at that time. */
function manualFrames() {
  let pending: ((now: number) => void) | null = null;
  const scheduler: FrameScheduler = {
    request: (cb) => {
      pending = cb;
      return 1;
    },
    cancel: () => {
      pending = null;
    },
  };
  return {
    scheduler,
    frame(now: number) {
      const cb = pending;
      pending = null;
      cb?.(now);
    },
    get isScheduled() {
      return pending !== null;
    },
  };
}

describe('PlaybackClock', () => {
  it('advances track time by elapsed real time × speed and tells frame listeners every frame', () => {
    const frames = manualFrames();
    const clock = new PlaybackClock(0, 3_600_000, frames.scheduler);
    const seen: number[] = [];
    clock.onFrame((ms) => seen.push(ms));
    clock.setSpeed(16);
    clock.play();
    frames.frame(1000);
    frames.frame(1016);
    frames.frame(1032);
    expect(clock.ms).toBe(32 * 16);
    expect(seen).toEqual([0, 0, 256, 512]);
  });

  it('publishes the UI snapshot at most every UI_INTERVAL_MS while playing', () => {
    const frames = manualFrames();
    const clock = new PlaybackClock(0, 3_600_000, frames.scheduler);
    let renders = 0;
    clock.subscribe(() => renders++);
    clock.play();
    expect(renders).toBe(1);
    for (let now = 0; now <= 1000; now += 16) frames.frame(now);
    // ~1 s of frames at 60 fps: about 10 UI updates, not 60.
    expect(renders).toBeLessThanOrEqual(1 + 1000 / UI_INTERVAL_MS + 1);
    expect(clock.getSnapshot().isPlaying).toBe(true);
  });

  it('stops at the end, restarts from the start on play, and clamps seeks', () => {
    const frames = manualFrames();
    const clock = new PlaybackClock(1000, 2000, frames.scheduler);
    clock.setSpeed(64);
    clock.play();
    frames.frame(0);
    frames.frame(100);
    expect(clock.getSnapshot()).toMatchObject({ ms: 2000, isPlaying: false });
    expect(frames.isScheduled).toBe(false);
    clock.play();
    expect(clock.ms).toBe(1000);
    clock.pause();
    clock.seek(5000);
    expect(clock.getSnapshot().ms).toBe(2000);
    clock.seek(-5);
    expect(clock.getSnapshot().ms).toBe(1000);
  });

  it('pauses and resumes without counting the paused time', () => {
    const frames = manualFrames();
    const clock = new PlaybackClock(0, 100_000, frames.scheduler);
    clock.play();
    frames.frame(0);
    frames.frame(500);
    clock.pause();
    expect(clock.ms).toBe(500);
    clock.play();
    frames.frame(10_000);
    frames.frame(10_100);
    expect(clock.ms).toBe(600);
  });
});
