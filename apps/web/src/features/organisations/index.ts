/** Organisation management (spec 01 §2.6, spec 02 §3): list, add, edit, settings and derive thresholds. */
export { OrganisationListPage } from './OrganisationListPage';
export { OrganisationFormPage } from './OrganisationFormPage';
export { OrganisationSettingsPage } from './OrganisationSettingsPage';
