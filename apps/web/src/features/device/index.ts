/** Device management (spec 01 §2.6 /management/device) and the device details page (spec 02 §2). */
export { DeviceListPage } from './DeviceListPage';
export { DeviceFormPage } from './DeviceFormPage';
export { DeviceDetailsPage } from './DeviceDetailsPage';
