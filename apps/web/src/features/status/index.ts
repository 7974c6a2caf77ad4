export { ComingSoonPage, MaintenancePage, NotFoundPage, ServerErrorPage } from './status-pages';
