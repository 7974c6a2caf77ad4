/**
 * The report pages' seam: every report page is the one kit page (ReportPage) driven by the shared contract
 * (`REPORTS` in @civicfleet/shared: columns, filter, texts) plus, optionally, a config from its family file here.
 */
import type { ComponentType } from 'react';
import type { ReportRun } from '@civicfleet/shared';

/** The shared filter fields the kit's form shows (spec 02 §2) — a report may hide some. */
export type ReportBaseField =
  'organisationId' | 'range' | 'groupId' | 'models' | 'zoneIds' | 'wardIds' | 'vehicleId';

export type ReportFilterValues = Record<string, unknown>;

export interface ReportExtraFiltersProps {
  value: ReportFilterValues;
  onChange: (patch: ReportFilterValues) => void;
  disabled?: boolean;
}

export interface ReportViewProps {
  run: ReportRun;
  /** The filter the run was made with (compacted). */
  filter: ReportFilterValues;
}

export interface ReportPageConfig {
  /** Report-specific fields, rendered below the shared ones; values go into the same filter object. */
  ExtraFilters?: ComponentType<ReportExtraFiltersProps>;
  /** Initial values of the report's own fields. */
  defaults?: ReportFilterValues;
  /** Shared fields this report does not use. */
  hideFields?: readonly ReportBaseField[];
  /** A chart, calendar grid or map shown above the table (lazy-loaded with the page). */
  View?: ComponentType<ReportViewProps>;
  /** Where a row leads (drill-down), e.g. another report with a narrower filter. */
  rowHref?: (row: Record<string, unknown>, filter: ReportFilterValues) => string | null;
}
