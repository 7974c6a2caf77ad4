/** RFID / QR items (spec 01 §2.6 /management/item): list with row actions, add, edit. */
export { ItemListPage } from './ItemListPage';
export { ItemFormPage } from './ItemFormPage';
