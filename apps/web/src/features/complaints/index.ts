/** Citizen complaints (issue 7, docs/swm.md "Complaints"): the list, the raise form and the complaint's page. */
export { ComplaintListPage } from './ComplaintListPage';
export { ComplaintFormPage } from './ComplaintFormPage';
export { ComplaintDetailPage } from './ComplaintDetailPage';
