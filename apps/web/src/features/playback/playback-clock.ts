/**
 * The playback clock: track time advanced by requestAnimationFrame at `speed` × real time, with no React state per
 * frame. Frame listeners (the map marker) hear every frame; the UI snapshot (slider, time readout, play button)
 * changes at most every UI_INTERVAL_MS while playing and at once on play, pause, seek and speed changes, read with
 * useSyncExternalStore.
 */
import type { PlaybackSpeed } from './playback-math';

export interface ClockSnapshot {
  ms: number;
  speed: PlaybackSpeed;
  isPlaying: boolean;
}

export interface FrameScheduler {
  request: (callback: (now: number) => void) => number;
  cancel: (handle: number) => void;
}

const browserScheduler: FrameScheduler = {
  request: (callback) => requestAnimationFrame(callback),
  cancel: (handle) => cancelAnimationFrame(handle),
};

export const UI_INTERVAL_MS = 100;

export class PlaybackClock {
  private snapshot: ClockSnapshot;
  private current: number;
  private handle: number | null = null;
  private lastFrameAt: number | null = null;
  private lastUiAt = 0;
  private readonly frameListeners = new Set<(ms: number) => void>();
  private readonly uiListeners = new Set<() => void>();

  constructor(
    readonly startMs: number,
    readonly endMs: number,
    private readonly scheduler: FrameScheduler = browserScheduler,
  ) {
    this.current = startMs;
    this.snapshot = { ms: startMs, speed: 1, isPlaying: false };
  }

  getSnapshot = (): ClockSnapshot => this.snapshot;

  /** The current track time, fresher than the snapshot while playing. */
  get ms(): number {
    return this.current;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.uiListeners.add(listener);
    return () => this.uiListeners.delete(listener);
  };

  onFrame(listener: (ms: number) => void): () => void {
    this.frameListeners.add(listener);
    listener(this.current);
    return () => this.frameListeners.delete(listener);
  }

  play(): void {
    if (this.snapshot.isPlaying || this.endMs <= this.startMs) return;
    if (this.current >= this.endMs) this.moveTo(this.startMs);
    this.lastFrameAt = null;
    this.publish({ isPlaying: true });
    this.handle = this.scheduler.request(this.tick);
  }

  pause(): void {
    if (this.handle !== null) this.scheduler.cancel(this.handle);
    this.handle = null;
    this.publish({ isPlaying: false, ms: this.current });
  }

  toggle(): void {
    if (this.snapshot.isPlaying) this.pause();
    else this.play();
  }

  seek(ms: number): void {
    this.moveTo(ms);
    this.publish({ ms: this.current });
  }

  setSpeed(speed: PlaybackSpeed): void {
    this.publish({ speed });
  }

  dispose(): void {
    if (this.handle !== null) this.scheduler.cancel(this.handle);
    this.handle = null;
    this.frameListeners.clear();
    this.uiListeners.clear();
  }

  private readonly tick = (now: number): void => {
    const elapsed = this.lastFrameAt === null ? 0 : now - this.lastFrameAt;
    this.lastFrameAt = now;
    this.moveTo(this.current + elapsed * this.snapshot.speed);
    if (this.current >= this.endMs) {
      this.handle = null;
      this.publish({ isPlaying: false, ms: this.current });
      return;
    }
    if (now - this.lastUiAt >= UI_INTERVAL_MS) {
      this.lastUiAt = now;
      this.publish({ ms: this.current });
    }
    this.handle = this.scheduler.request(this.tick);
  };

  private moveTo(ms: number): void {
    this.current = Math.min(this.endMs, Math.max(this.startMs, ms));
    for (const listener of this.frameListeners) listener(this.current);
  }

  private publish(change: Partial<ClockSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.uiListeners) listener();
  }
}
