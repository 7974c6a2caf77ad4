/** Admin divisions (spec 01 §2.6 /management/admin-division): zones → circles → wards, their polygons, import. */
export { AdminDivisionListPage } from './AdminDivisionListPage';
export { AdminDivisionFormPage } from './AdminDivisionFormPage';
