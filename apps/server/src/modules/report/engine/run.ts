/**
 * Running a definition: serial numbers by position from 1 (spec 02 §3 "serialId (assigned by position from 1)"),
 * a display cap for the page, and the chunks for streaming and exports.
 */
import { REPORT_DISPLAY_ROW_CAP, type ReportRow, type ReportRun } from '@civicfleet/shared';
import type { ReportChunk, ReportContext, ReportDefinition } from './types.ts';

/** The definition's chunks with serial numbers filled in, in order. */
export async function* numberedChunks(
  definition: ReportDefinition,
  ctx: ReportContext,
  filter: Record<string, unknown>,
): AsyncGenerator<ReportChunk> {
  const serialKey = definition.meta.columns.find((c) => c.kind === 'serial')?.key;
  let serial = 0;
  for await (const chunk of definition.run(ctx, filter)) {
    if (ctx.signal?.aborted) return;
    const rows: ReportRow[] = serialKey
      ? chunk.rows.map((row) => ({ [serialKey]: ++serial, ...row }))
      : chunk.rows;
    yield { ...chunk, rows };
  }
}

/** The whole answer in memory (the page and tests), keeping at most `cap` rows but counting all. */
export async function collectReport(
  definition: ReportDefinition,
  ctx: ReportContext,
  filter: Record<string, unknown>,
  generatedAt: Date,
  cap = REPORT_DISPLAY_ROW_CAP,
): Promise<ReportRun> {
  const rows: ReportRow[] = [];
  let total = 0;
  let meta: Record<string, unknown> | undefined;
  let columns: string[] | undefined;
  for await (const chunk of numberedChunks(definition, ctx, filter)) {
    total += chunk.rows.length;
    for (const row of chunk.rows) if (rows.length < cap) rows.push(row);
    if (chunk.meta) meta = chunk.meta;
    if (chunk.columns) columns = chunk.columns;
  }
  return {
    rows,
    total,
    truncated: total > rows.length,
    generatedAt: generatedAt.toISOString(),
    ...(meta ? { meta } : {}),
    ...(columns ? { columns } : {}),
  };
}
