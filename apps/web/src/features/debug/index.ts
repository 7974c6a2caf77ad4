/** Debug tools (spec 01 §2.6 /management/debug): temporary devices for bench tests, RTO reference data. */
export { DebugPage } from './DebugPage';
