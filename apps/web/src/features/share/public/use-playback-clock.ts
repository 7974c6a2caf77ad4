/**
 * The playback clock of the public playback view: a time within [startMs, endMs] that advances `speed` times real
 * time while playing (requestAnimationFrame, so it is smooth whatever the speed, not fixed 500 ms steps), stops at
 * the end, and can be set by the slider.
 */
import { useEffect, useRef, useState } from 'react';

export const PLAYBACK_SPEEDS = [1, 4, 16, 64] as const;

export function usePlaybackClock(startMs: number, endMs: number) {
  const [timeMs, setTimeMs] = useState(startMs);
  const [isPlaying, setIsPlaying] = useState(false);
  const [speed, setSpeed] = useState<number>(16);
  const last = useRef<number | null>(null);

  useEffect(() => {
    if (!isPlaying) return undefined;
    let frame = 0;
    const step = (now: number) => {
      const elapsed = last.current === null ? 0 : now - last.current;
      last.current = now;
      let isDone = false;
      setTimeMs((t) => {
        const next = Math.min(endMs, t + elapsed * speed);
        isDone = next >= endMs;
        return next;
      });
      if (isDone) setIsPlaying(false);
      else frame = window.requestAnimationFrame(step);
    };
    frame = window.requestAnimationFrame(step);
    return () => {
      window.cancelAnimationFrame(frame);
      last.current = null;
    };
  }, [isPlaying, speed, endMs]);

  const play = () => {
    if (timeMs >= endMs) setTimeMs(startMs);
    setIsPlaying(true);
  };
  return { timeMs, setTimeMs, isPlaying, play, pause: () => setIsPlaying(false), speed, setSpeed };
}

/** Index of the last point at or before `timeMs` (points sorted by time), 0 before the first. */
export function pointIndexAt(times: readonly number[], timeMs: number): number {
  let lo = 0;
  let hi = times.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if ((times[mid] ?? Infinity) <= timeMs) lo = mid;
    else hi = mid - 1;
  }
  return Math.max(0, lo);
}
