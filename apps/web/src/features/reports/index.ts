/** Report pages (issue 8): the one kit page for /reports/<id>, configured per report in families/*. */
export { ReportPage } from './ReportPage';
export type {
  ReportBaseField,
  ReportExtraFiltersProps,
  ReportFilterValues,
  ReportPageConfig,
  ReportViewProps,
} from './types';
