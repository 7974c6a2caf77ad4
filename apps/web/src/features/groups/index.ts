/** Vehicle groups (spec 01 §2.6 /management/groups, module id `groups`): list with summary, add, edit members. */
export { GroupListPage } from './GroupListPage';
export { GroupFormPage } from './GroupFormPage';
