/** User management (spec 01 §2.6 /management/user): list, add, edit (also everyone's Profile). */
export { UserListPage } from './UserListPage';
export { UserFormPage } from './UserFormPage';
