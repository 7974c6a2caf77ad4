/** Vehicle management (spec 01 §2.6 /management/vehicle): list with row actions, add, edit, bulk upload. */
export { VehicleListPage } from './VehicleListPage';
export { VehicleFormPage } from './VehicleFormPage';
