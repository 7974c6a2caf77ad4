/** Points of interest (spec 01 §2.6 /management/POI): list with row actions, add, edit. */
export { PoiListPage } from './PoiListPage';
export { PoiFormPage } from './PoiFormPage';
