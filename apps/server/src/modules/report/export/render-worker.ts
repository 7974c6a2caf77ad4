/**
 * Worker thread entry (node:worker_threads): receives the file's head as workerData, then the formatted rows in
 * chunks ({ type: 'rows' }) and { type: 'end' }; answers { type: 'done', bytes } (buffer transferred) or
 * { type: 'error', message }. Keeps exceljs / pdfmake work off the API's event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type RenderHead, renderFile } from './render-file.ts';
import type { FileCell } from './table.ts';

export type RenderInbound = { type: 'rows'; rows: FileCell[][] } | { type: 'end' };
export type RenderOutbound = { type: 'done'; bytes: Uint8Array } | { type: 'error'; message: string };

const port = parentPort;
if (port) {
  const head = workerData as RenderHead;
  const rows: FileCell[][] = [];
  port.on('message', (message: RenderInbound) => {
    if (message.type === 'rows') {
      for (const row of message.rows) rows.push(row);
      return;
    }
    renderFile(head, rows).then(
      (bytes) => {
        const out: RenderOutbound = { type: 'done', bytes };
        port.postMessage(out, [bytes.buffer as ArrayBuffer]);
        port.close();
      },
      (error: unknown) => {
        const out: RenderOutbound = {
          type: 'error',
          message: error instanceof Error ? error.message : String(error),
        };
        port.postMessage(out);
        port.close();
      },
    );
  });
}
