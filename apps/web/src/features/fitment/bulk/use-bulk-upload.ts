/**
 * Sends the parsed rows to POST /v1/activation/bulk in chunks of BULK_CHUNK_ROWS, one after the other, reporting how
 * many rows are done (the progress overlay's percentage). A chunk refused as a whole marks its rows failed with the
 * server's message and the upload goes on with the next chunk.
 */
import type { ActivationBulkRow } from '@civicfleet/shared';
import { useCallback, useState } from 'react';
import { ApiError } from '@/api/client';
import { bulkCreateActivations } from '../api/fitments';
import { chunkRows, failChunk, joinResults, type RowOutcome } from './bulk-csv';

export interface BulkProgress {
  current: number;
  total: number;
}

export interface BulkUploadMessages {
  /** A row the server's answer did not mention. */
  missing: string;
  /** A chunk that failed without a server message. */
  failed: string;
}

export function useBulkUpload(send = bulkCreateActivations) {
  const [progress, setProgress] = useState<BulkProgress | null>(null);
  const run = useCallback(
    async (rows: readonly ActivationBulkRow[], messages: BulkUploadMessages): Promise<RowOutcome[]> => {
      const outcomes: RowOutcome[] = [];
      setProgress({ current: 0, total: rows.length });
      try {
        for (const chunk of chunkRows(rows)) {
          try {
            const result = await send(chunk);
            outcomes.push(...joinResults(chunk, result.rows, messages.missing));
          } catch (error) {
            const message =
              error instanceof ApiError && error.hasServerMessage ? error.message : messages.failed;
            outcomes.push(...failChunk(chunk, message));
          }
          setProgress({ current: outcomes.length, total: rows.length });
        }
      } finally {
        setProgress(null);
      }
      return outcomes;
    },
    [send],
  );
  return { progress, run };
}
