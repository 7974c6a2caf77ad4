/** Report files made in the background: POST /report/<id>/exports, GET /report/exports/:id (progress), …/file. */
import type { ApiApp, ModuleDeps } from '../../http/types.ts';

export function registerExportRoutes(_app: ApiApp, _deps: ModuleDeps): void {}
