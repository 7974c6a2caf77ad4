/** Device models (spec 01 §2.6 /management/device-model): the tracker model catalogue, list, add, edit. */
export { DeviceModelListPage } from './DeviceModelListPage';
export { DeviceModelFormPage } from './DeviceModelFormPage';
