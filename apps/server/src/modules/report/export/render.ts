/**
 * Main-thread side of the render worker: one worker thread per XLSX / PDF file. Rows are posted chunk by chunk as the
 * report yields them (small structured clones, never one big one), and the finished bytes come back transferred.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { RenderHead } from './render-file.ts';
import type { RenderInbound, RenderOutbound } from './render-worker.ts';
import type { FileCell } from './table.ts';

const WORKER_URL = new URL('./render-worker.ts', import.meta.url);

/**
 * The worker's entry. Node 20 does not apply `--import tsx` (inherited or given in execArgv) to a worker's entry
 * module, so a .ts worker cannot be started directly: a tiny ESM bootstrap registers tsx's loader in the worker
 * thread first, then imports render-worker.ts. Works the same under `node --import tsx` and under vitest.
 */
function workerEntry(): URL {
  const api = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.c?js$/, '.mjs');
  const code = [
    `const { register } = await import(${JSON.stringify(pathToFileURL(api).href)});`,
    'register();',
    `await import(${JSON.stringify(WORKER_URL.href)});`,
  ].join('\n');
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

export interface RenderSession {
  /** Adds formatted rows (in order). */
  push(rows: FileCell[][]): void;
  /** All rows sent: the file's bytes. */
  finish(): Promise<Uint8Array>;
  /** Stops the worker (cancel); finish() then rejects. */
  abort(): void;
}

export function startRender(head: RenderHead): RenderSession {
  const worker = new Worker(workerEntry(), { workerData: head });
  let settled = false;
  let resolveDone!: (bytes: Uint8Array) => void;
  let rejectDone!: (error: Error) => void;
  const done = new Promise<Uint8Array>((resolve, reject) => {
    resolveDone = resolve;
    rejectDone = reject;
  });
  // Failures before finish() is awaited must not become unhandled rejections.
  done.catch(() => undefined);
  const settle = (fn: () => void) => {
    if (settled) return;
    settled = true;
    fn();
    void worker.terminate();
  };
  worker.on('message', (message: RenderOutbound) => {
    if (message.type === 'done') settle(() => resolveDone(message.bytes));
    else settle(() => rejectDone(new Error(message.message)));
  });
  worker.on('error', (error) => settle(() => rejectDone(error)));
  worker.on('exit', (code) =>
    settle(() => rejectDone(new Error(`The file renderer stopped (exit code ${code})`))),
  );
  const send = (message: RenderInbound) => {
    if (!settled) worker.postMessage(message);
  };
  return {
    push(rows) {
      if (rows.length > 0) send({ type: 'rows', rows });
    },
    finish() {
      send({ type: 'end' });
      return done;
    },
    abort() {
      settle(() => rejectDone(new Error('Export cancelled')));
    },
  };
}
