/**
 * Export of a report's whole result (every row, not only the 10,000 shown): the server makes the CSV, XLSX or PDF in
 * the background; the page polls its progress every second, shows it, then downloads the file with the token.
 */
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { REPORT_EXPORT_FORMATS, type ReportExportFormat, type ReportLabels } from '@civicfleet/shared';
import { useSnackbar } from 'notistack';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isAbortError } from '@/api/client';
import { fetchReportExportFile, getReportExport, startReportExport } from './api';

/** How often the page asks for the file's progress. */
export const EXPORT_POLL_MS = 1000;

export interface ExportState {
  format: ReportExportFormat;
  /** 0–100. */
  percent: number;
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('aborted', 'AbortError'));
      },
      { once: true },
    );
  });

function saveObjectUrl(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Starts an export and follows it to the download; `state` while it runs. */
export function useReportExport({
  reportId,
  fileBase,
  filter,
  labels,
}: {
  reportId: string;
  fileBase: string;
  filter: Record<string, unknown> | null;
  labels: ReportLabels;
}) {
  const { t } = useTranslation('reports');
  const { enqueueSnackbar } = useSnackbar();
  const [state, setState] = useState<ExportState | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  useEffect(() => () => abortRef.current?.abort(), []);

  const run = async (format: ReportExportFormat) => {
    if (filter === null || state !== null) return;
    const abort = new AbortController();
    abortRef.current = abort;
    setState({ format, percent: 0 });
    try {
      let job = await startReportExport(reportId, { format, filter, labels });
      while (job.status === 'queued' || job.status === 'running') {
        setState({ format, percent: Math.round(job.progress * 100) });
        await wait(EXPORT_POLL_MS, abort.signal);
        job = await getReportExport(job.id, abort.signal);
      }
      if (job.status === 'failed') throw new ApiError({ status: 200, serverMessage: job.error ?? undefined });
      setState({ format, percent: 100 });
      const url = await fetchReportExportFile(job.id, abort.signal);
      saveObjectUrl(url, job.fileName ?? `${fileBase}.${format}`);
      enqueueSnackbar(t('export.done', { format: format.toUpperCase() }), { variant: 'success' });
    } catch (error) {
      if (isAbortError(error)) return;
      const message =
        error instanceof ApiError && error.hasServerMessage ? error.message : t('export.failed');
      enqueueSnackbar(message, { variant: 'error' });
    } finally {
      if (!abort.signal.aborted) setState(null);
    }
  };
  return { state, run };
}

export function ReportExportMenu({
  state,
  onExport,
  isDisabled,
}: {
  state: ExportState | null;
  onExport: (format: ReportExportFormat) => void;
  isDisabled: boolean;
}) {
  const { t } = useTranslation('reports');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={<FileDownloadOutlinedIcon />}
        disabled={isDisabled || state !== null}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('export.button')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {REPORT_EXPORT_FORMATS.map((format) => (
          <MenuItem
            key={format}
            onClick={() => {
              setAnchor(null);
              onExport(format);
            }}
          >
            {t(`export.${format}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** The running export: a determinate bar with its percentage ("Preparing file…"). */
export function ExportProgress({ state }: { state: ExportState | null }) {
  const { t } = useTranslation('reports');
  if (state === null) return null;
  const label = t('export.preparing', { format: state.format.toUpperCase(), percent: state.percent });
  return (
    <Box sx={{ px: 2, py: 1 }} role="status">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <LinearProgress variant="determinate" value={state.percent} aria-label={label} />
    </Box>
  );
}
