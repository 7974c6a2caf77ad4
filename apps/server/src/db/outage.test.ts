import { describe, expect, it } from 'vitest';
import { sleep } from '../gateway/testing/fleet.ts';
import { createDependencyWatch } from './outage.ts';

function recordingLog() {
  const lines: { level: 'info' | 'warn'; message: string; details: object }[] = [];
  return {
    lines,
    log: {
      info: (details: object, message: string) => lines.push({ level: 'info', message, details }),
      warn: (details: object, message: string) => lines.push({ level: 'warn', message, details }),
    },
  };
}

describe('dependency watch', () => {
  it('logs one warning per outage however many failures it sees, and one line when it ends', () => {
    const { lines, log } = recordingLog();
    let now = 1_000;
    const watch = createDependencyWatch({ dependency: 'database', log, clock: () => now });
    const changes: boolean[] = [];
    watch.onChange((down) => changes.push(down));
    for (let i = 0; i < 50; i++) watch.lost(new Error('connect ECONNREFUSED'));
    expect(watch.down).toBe(true);
    now += 32_000;
    watch.restored();
    watch.restored();
    expect(watch.down).toBe(false);
    watch.lost();
    watch.restored();
    expect(lines.map((l) => l.level)).toEqual(['warn', 'info', 'warn', 'info']);
    expect(lines[0]?.message).toMatch(/^database unreachable/);
    expect(lines[1]?.message).toBe('database reachable again after 32 s');
    expect(lines[1]?.details).toMatchObject({ dependency: 'database', outageMs: 32_000 });
    expect([watch.outages, watch.recoveries]).toEqual([2, 2]);
    expect(changes).toEqual([true, false, true, false]);
    watch.close();
  });

  it('probes while the dependency is away and ends the outage when a probe answers', async () => {
    let answers = false;
    let probes = 0;
    const watch = createDependencyWatch({
      dependency: 'redis',
      probeEveryMs: 10,
      probe: async () => {
        probes++;
        if (!answers) throw new Error('still away');
      },
    });
    watch.lost();
    await sleep(60);
    expect(watch.down).toBe(true);
    expect(probes).toBeGreaterThan(1);
    answers = true;
    for (let waited = 0; watch.down && waited < 2_000; waited += 10) await sleep(10);
    expect(watch.down).toBe(false);
    const after = probes;
    await sleep(50);
    expect(probes).toBe(after); // no probing while it is up
    watch.close();
  });
});
