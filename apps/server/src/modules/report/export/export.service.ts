/**
 * Report files on demand: a `report_exports` row per request, a small in-process queue (REPORT_EXPORT_CONCURRENCY at
 * a time) running generateReportFile, progress written at most every PROGRESS_WRITE_MS, and the caller's files read
 * back (another user's file is 404 unless SUPER_ADMIN). Exports are owned by the API process that queued them:
 * on start-up, rows it left 'queued' or 'running' (a crash or restart) are marked failed.
 */
import {
  REPORT_EXPORT_CONCURRENCY,
  REPORT_EXPORT_MESSAGES,
  REPORT_PDF_MAX_ROWS,
  REPORT_RECENT_EXPORTS,
  type ReportExport,
  type ReportExportFormat,
  type ReportExportRequest,
  type ReportLabels,
} from '@civicfleet/shared';
import { and, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { reportExports } from '../../../db/schema/index.ts';
import { AppError, BadRequestError, NotFoundError } from '../../../http/errors.ts';
import type { AuthContext, Clock } from '../../../http/types.ts';
import { DiskUnavailableError, diskProblemOf } from '../../../storage/disk-errors.ts';
import type { FileStorage } from '../../../storage/index.ts';
import { numberedChunks } from '../engine/run.ts';
import { prepareReport } from '../report.service.ts';
import { generateReportFile, REPORT_FILE_CONTENT_TYPES } from './generate.ts';

/** Progress is written to the row at most this often. */
export const PROGRESS_WRITE_MS = 500;

type ExportRow = typeof reportExports.$inferSelect;

export function toReportExport(row: ExportRow): ReportExport {
  return {
    id: String(row.id),
    reportId: row.reportId,
    format: row.format as ReportExportFormat,
    status: row.status as ReportExport['status'],
    progress: row.progress,
    rowCount: row.rowCount,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

interface Job {
  id: bigint;
  auth: AuthContext;
  reportId: string;
  filter: Record<string, unknown>;
  format: ReportExportFormat;
  labels?: ReportLabels;
}

export interface ExportServiceDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  log?: FastifyBaseLogger;
  concurrency?: number;
}

const isSuperAdmin = (auth: AuthContext) => auth.orgIds === 'all';

/** The message a failed export shows: the 4xx message of a refused filter / PDF, a generic one otherwise. */
function failureMessage(error: unknown): string {
  if (error instanceof AppError && error.statusCode < 500) return error.message;
  // A full or read-only disk: the operator can fix it, and the user should know to retry after.
  const diskProblem = diskProblemOf(error);
  if (diskProblem) return new DiskUnavailableError(diskProblem).message;
  return REPORT_EXPORT_MESSAGES.failed;
}

export function createExportService(deps: ExportServiceDeps) {
  const { db, clock, storage } = deps;
  const concurrency = deps.concurrency ?? REPORT_EXPORT_CONCURRENCY;
  const waiting: Job[] = [];
  const running = new Map<bigint, { abort: AbortController; done: Promise<void> }>();
  let closed = false;

  async function runJob(job: Job, control: AbortController): Promise<void> {
    const startedAt = clock();
    await db
      .update(reportExports)
      .set({ status: 'running', startedAt, progress: 0 })
      .where(eq(reportExports.id, job.id));
    let lastWrite = 0;
    let writing: Promise<unknown> = Promise.resolve();
    const onProgress = (progress: number) => {
      const now = Date.now();
      if (progress >= 1 || now - lastWrite < PROGRESS_WRITE_MS) return;
      lastWrite = now;
      writing = writing
        .then(() =>
          db
            .update(reportExports)
            .set({ progress })
            .where(and(eq(reportExports.id, job.id), eq(reportExports.status, 'running'))),
        )
        .catch(() => undefined);
    };
    try {
      const file = await generateReportFile(
        { db, clock, storage },
        {
          auth: job.auth,
          reportId: job.reportId,
          filter: job.filter,
          format: job.format,
          ...(job.labels ? { labels: job.labels } : {}),
          onProgress,
          signal: control.signal,
        },
      );
      await writing;
      await db
        .update(reportExports)
        .set({
          status: 'done',
          progress: 1,
          rowCount: file.rowCount,
          fileName: file.fileName,
          storageKey: file.storageKey,
          sizeBytes: file.sizeBytes,
          finishedAt: clock(),
        })
        .where(eq(reportExports.id, job.id));
    } catch (error) {
      await writing;
      if (!(error instanceof AppError) || error.statusCode >= 500)
        deps.log?.error({ err: error, exportId: String(job.id) }, 'report export failed');
      await db
        .update(reportExports)
        .set({
          status: 'failed',
          error: control.signal.aborted ? REPORT_EXPORT_MESSAGES.interrupted : failureMessage(error),
          finishedAt: clock(),
        })
        .where(eq(reportExports.id, job.id))
        .catch(() => undefined);
    }
  }

  function pump(): void {
    while (!closed && running.size < concurrency && waiting.length > 0) {
      const job = waiting.shift();
      if (!job) break;
      const abort = new AbortController();
      const entry = { abort, done: Promise.resolve() };
      running.set(job.id, entry);
      entry.done = runJob(job, abort)
        .catch((error: unknown) => deps.log?.error({ err: error }, 'report export crashed'))
        .finally(() => {
          running.delete(job.id);
          pump();
        });
    }
  }

  async function owned(auth: AuthContext, exportId: string): Promise<ExportRow> {
    if (!/^\d{1,19}$/.test(exportId)) throw new NotFoundError(REPORT_EXPORT_MESSAGES.notFound);
    const [row] = await db
      .select()
      .from(reportExports)
      .where(eq(reportExports.id, BigInt(exportId)))
      .limit(1);
    if (!row) throw new NotFoundError(REPORT_EXPORT_MESSAGES.notFound);
    if (!isSuperAdmin(auth) && row.userId !== auth.userId)
      throw new NotFoundError(REPORT_EXPORT_MESSAGES.notFound);
    return row;
  }

  return {
    /**
     * Checks the request as /run does (the report's filter schema and scope: the same 400 / 404), refuses a PDF of
     * more than REPORT_PDF_MAX_ROWS rows up front (counting stops at the cap), records the export and queues it.
     */
    async create(auth: AuthContext, reportId: string, request: ReportExportRequest): Promise<ReportExport> {
      const prepared = await prepareReport({ db, clock }, auth, reportId, request.filter);
      if (request.format === 'pdf') {
        const abort = new AbortController();
        const ctx = { ...prepared.ctx, signal: abort.signal };
        let count = 0;
        for await (const chunk of numberedChunks(prepared.definition, ctx, prepared.filter)) {
          count += chunk.rows.length;
          if (count > REPORT_PDF_MAX_ROWS) {
            abort.abort();
            throw new BadRequestError(REPORT_EXPORT_MESSAGES.pdfTooManyRows);
          }
        }
      }
      const organisationId =
        typeof prepared.filter.organisationId === 'string'
          ? BigInt(prepared.filter.organisationId)
          : auth.organisationId;
      const [row] = await db
        .insert(reportExports)
        .values({
          organisationId,
          userId: auth.userId,
          reportId,
          format: request.format,
          filter: prepared.filter,
          ...(request.labels ? { labels: request.labels } : {}),
          status: 'queued',
          createdAt: clock(),
        })
        .returning();
      if (!row) throw new Error('report_exports insert returned no row');
      waiting.push({
        id: row.id,
        auth,
        reportId,
        filter: prepared.filter,
        format: request.format,
        ...(request.labels ? { labels: request.labels } : {}),
      });
      pump();
      return toReportExport(row);
    },

    async get(auth: AuthContext, exportId: string): Promise<ReportExport> {
      return toReportExport(await owned(auth, exportId));
    },

    /** The caller's most recent on-demand files, newest first. */
    async list(auth: AuthContext): Promise<ReportExport[]> {
      const found = await db
        .select()
        .from(reportExports)
        .where(and(eq(reportExports.userId, auth.userId), isNull(reportExports.scheduleId)))
        .orderBy(desc(reportExports.createdAt), desc(reportExports.id))
        .limit(REPORT_RECENT_EXPORTS);
      return found.map(toReportExport);
    },

    /** The finished file's bytes; 404 while not done. */
    async file(auth: AuthContext, exportId: string) {
      const row = await owned(auth, exportId);
      if (row.status !== 'done' || !row.storageKey || !row.fileName)
        throw new NotFoundError(REPORT_EXPORT_MESSAGES.notReady);
      const stored = await storage.get(row.storageKey);
      if (!stored) throw new NotFoundError(REPORT_EXPORT_MESSAGES.notFound);
      return {
        bytes: stored.bytes,
        fileName: row.fileName,
        contentType: REPORT_FILE_CONTENT_TYPES[row.format as ReportExportFormat],
      };
    },

    /** Start-up: on-demand exports a previous process left unfinished can never finish. */
    async recover(): Promise<number> {
      const stale = await db
        .update(reportExports)
        .set({ status: 'failed', error: REPORT_EXPORT_MESSAGES.interrupted, finishedAt: clock() })
        .where(
          and(
            inArray(reportExports.status, ['queued', 'running']),
            isNull(reportExports.scheduleId),
            running.size > 0 || waiting.length > 0
              ? // Never this process's own jobs (recover runs at start-up, before any, but stay safe).
                and(...[...running.keys(), ...waiting.map((j) => j.id)].map((id) => ne(reportExports.id, id)))
              : undefined,
          ),
        )
        .returning({ id: reportExports.id });
      return stale.length;
    },

    /** Waits for nothing new: cancels the waiting and running jobs (their rows become failed) and waits for them. */
    async close(): Promise<void> {
      closed = true;
      for (const job of waiting.splice(0)) {
        await db
          .update(reportExports)
          .set({ status: 'failed', error: REPORT_EXPORT_MESSAGES.interrupted, finishedAt: clock() })
          .where(eq(reportExports.id, job.id))
          .catch(() => undefined);
      }
      for (const entry of running.values()) entry.abort.abort();
      await Promise.all([...running.values()].map((e) => e.done));
    },

    /** Tests: resolves when no export is waiting or running. */
    async idle(): Promise<void> {
      while (running.size > 0 || waiting.length > 0) {
        await Promise.all([...running.values()].map((e) => e.done));
      }
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
