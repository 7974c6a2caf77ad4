/**
 * The exports helper's file maker (export/generate.ts), loaded when a run first needs it: the schedule routes and
 * the worker do not pull the exporters (exceljs, pdfmake) into every process start.
 */
import type { GenerateReportFile } from './schedule-run.ts';

export const generateScheduledFile: GenerateReportFile = async (deps, args) => {
  const { generateReportFile } = await import('../export/generate.ts');
  return generateReportFile(deps, args);
};
