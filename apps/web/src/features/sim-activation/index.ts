/** SIM activation orders (spec 01 §2.10; spec 02 §2 "Sim Activation Order"): the orders screen and the form. */
export { SimActivationListPage } from './SimActivationListPage';
export { SimActivationFormPage } from './SimActivationFormPage';
