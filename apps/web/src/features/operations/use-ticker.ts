/** Epoch ms, re-rendering the caller every `periodMs` while mounted (the presence durations tick with it). */
import { useEffect, useState } from 'react';

export function useTicker(periodMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), periodMs);
    return () => window.clearInterval(timer);
  }, [periodMs]);
  return now;
}
