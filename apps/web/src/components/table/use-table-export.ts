/** Export on demand: loads @civicfleet/exporters on click, collects the rows, writes the file and downloads it. */
import type { ExportFilter } from '@civicfleet/exporters';
import type { ListQuery } from '@civicfleet/shared';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBlob } from './download';
import { buildExportTable, collectServerRows, EXPORT_ROW_CAP } from './export-rows';
import type { ListQueryFn, ResultsTableColumn } from './types';

export type ExportFormat = 'csv' | 'xlsx' | 'pdf';

const MIME: Record<ExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

export interface TableExportOptions<T> {
  title: string;
  subtitle?: string;
  fileBase: string;
  range?: { from?: Date; to?: Date };
  filters: ExportFilter[];
  columns: ResultsTableColumn<T>[];
  /** Client mode: the rows matching the search, sorted. */
  matchingRows?: T[];
  /** Server mode. */
  query?: ListQueryFn<T>;
  current: ListQuery;
}

/** `progress` is undefined when idle, null while preparing (indeterminate), else a percentage. */
export function useTableExport<T>(options: TableExportOptions<T>) {
  const { t } = useTranslation('table');
  const { enqueueSnackbar } = useSnackbar();
  const [progress, setProgress] = useState<number | null | undefined>(undefined);

  const run = async (format: ExportFormat) => {
    setProgress(null);
    try {
      const exportersLoading = import('@civicfleet/exporters');
      let rows = options.matchingRows ?? [];
      let isCapped = false;
      if (options.query) {
        ({ rows, isCapped } = await collectServerRows(options.query, options.current, (done, total) =>
          setProgress(total === 0 ? 100 : Math.round((done / total) * 100)),
        ));
      } else if (rows.length > EXPORT_ROW_CAP) {
        rows = rows.slice(0, EXPORT_ROW_CAP);
        isCapped = true;
      }
      setProgress(null);
      const exporters = await exportersLoading;
      const table = buildExportTable(options.columns, rows, {
        title: options.title,
        ...(options.subtitle === undefined ? {} : { subtitle: options.subtitle }),
        filters: options.filters,
        generatedAt: new Date(),
      });
      const fileName = exporters.exportFileName(options.fileBase, options.range?.from, options.range?.to, {
        extension: format,
      });
      let data: BlobPart;
      if (format === 'csv') data = exporters.toCsv(table);
      else if (format === 'xlsx') data = (await exporters.toXlsx(table)) as Uint8Array<ArrayBuffer>;
      else {
        const { loadBrowserPdfFonts } = await import('./pdf-fonts');
        data = (await exporters.toPdf(table, {
          fonts: loadBrowserPdfFonts,
          labels: {
            generatedAt: t('export.generatedAt'),
            page: (page, pages) => t('export.page', { page, pages }),
            empty: t('export.noRows'),
          },
        })) as Uint8Array<ArrayBuffer>;
      }
      downloadBlob(new Blob([data], { type: MIME[format] }), fileName);
      if (isCapped) enqueueSnackbar(t('export.capped', { count: EXPORT_ROW_CAP }), { variant: 'warning' });
    } catch (error) {
      console.error(`The ${format} export failed`, error);
      enqueueSnackbar(t('export.failed'), { variant: 'error' });
    } finally {
      setProgress(undefined);
    }
  };

  return { progress, isExporting: progress !== undefined, run };
}
