/** Scheduled reports: /report-schedule CRUD (the worker job report-schedules runs them and mails the files). */
import type { ApiApp, ModuleDeps } from '../../http/types.ts';

export function registerScheduleRoutes(_app: ApiApp, _deps: ModuleDeps): void {}
