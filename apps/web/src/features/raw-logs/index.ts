/** Raw logs (spec 01 §7 "raw-logs"): what devices sent, decoded, for support staff. */
export { RawLogsPage } from './RawLogsPage';
