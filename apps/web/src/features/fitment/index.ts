/** Fitment and activation (spec 02 §2 Fitment): the list with activation actions, and the add/edit form. */
export { FitmentListPage } from './list/FitmentListPage';
export { FitmentFormPage } from './form/FitmentFormPage';
