/** The vehicle status board (spec 01 §2.3 /vehicle-status): live statuses, counters as filters, row actions. */
export { VehicleStatusPage } from './VehicleStatusPage';
