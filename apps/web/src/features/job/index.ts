/** Job schedules (spec 01 §2.6 /management/job, §9 schedule types): list with row actions, add, edit. */
export { JobListPage } from './JobListPage';
export { JobFormPage } from './JobFormPage';
