/** Scheduled reports (issue 8): the dialog opened from every report page and the /reports/schedules list. */
export { ScheduleReportDialog, type ScheduleReportDialogProps } from './ScheduleReportDialog';
export { ReportSchedulesPage } from './ReportSchedulesPage';
