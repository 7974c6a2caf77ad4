/** Role management (spec 01 §2.6 /management/role): list, add, edit with the permission matrix. */
export { RoleListPage } from './RoleListPage';
export { RoleFormPage } from './RoleFormPage';
