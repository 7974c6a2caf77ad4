/**
 * The console's one alarm sound: a short two-tone beep (WebAudio, no sound file). The SOS desk rings it every
 * ALARM_REPEAT_MS while any mounted desk view (app-bar indicator, desk page, compact panel) has a new alert
 * (`useDeskAlarm`); the live map's alert pop-up plays it once per new critical alert (`playAlertBeep`). However many
 * views ask, one beeper runs, and ONE mute (a localStorage preference) silences both.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { readPreference, writePreference } from '@/lib/storage';

export const ALARM_REPEAT_MS = 4_000;
const MUTE_KEY = 'desk.alarmMuted';

const listeners = new Set<() => void>();
let isMuted = readPreference(MUTE_KEY) === 'true';
const requesters = new Set<symbol>();
let timer: number | undefined;
let context: AudioContext | undefined;

function notify() {
  for (const listener of listeners) listener();
}

/** Two 880/660 Hz tones of 180 ms: audible over a control room's noise without being a siren. */
function beep(): void {
  const Ctor = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (Ctor === undefined) return;
  try {
    context ??= new Ctor();
    // Browsers keep a context suspended until the page had a user gesture; resume() is a no-op otherwise.
    void context.resume().catch(() => undefined);
    const start = context.currentTime;
    [880, 660].forEach((hz, i) => {
      if (context === undefined) return;
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.type = 'square';
      osc.frequency.value = hz;
      gain.gain.setValueAtTime(0.08, start + i * 0.22);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.22 + 0.18);
      osc.connect(gain).connect(context.destination);
      osc.start(start + i * 0.22);
      osc.stop(start + i * 0.22 + 0.2);
    });
  } catch {
    // No audio device or a refused context: the visual alarm still shows.
  }
}

function reschedule(): void {
  const shouldRing = requesters.size > 0 && !isMuted;
  if (shouldRing && timer === undefined) {
    beep();
    timer = window.setInterval(beep, ALARM_REPEAT_MS);
  } else if (!shouldRing && timer !== undefined) {
    window.clearInterval(timer);
    timer = undefined;
  }
}

/** One beep now (a new critical alert on the live map), unless muted. */
export function playAlertBeep(): void {
  if (!isMuted) beep();
}

export function setAlarmMuted(muted: boolean): void {
  isMuted = muted;
  writePreference(MUTE_KEY, String(muted));
  reschedule();
  notify();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether the alarm is muted, and the toggle. */
export function useAlarmMute(): [boolean, (muted: boolean) => void] {
  const muted = useSyncExternalStore(subscribe, () => isMuted);
  return [muted, setAlarmMuted];
}

/** Rings while `isActive` (and not muted); stops when the last asking view unmounts or calms down. */
export function useDeskAlarm(isActive: boolean): void {
  useEffect(() => {
    if (!isActive) return undefined;
    const me = Symbol('desk-alarm');
    requesters.add(me);
    reschedule();
    return () => {
      requesters.delete(me);
      reschedule();
    };
  }, [isActive]);
}
