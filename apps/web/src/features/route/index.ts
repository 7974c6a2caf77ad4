/** Collection routes (spec 01 §2.6 /management/route): list, add/edit with path and checkpoints, KML import. */
export { RouteListPage } from './RouteListPage';
export { RouteFormPage } from './RouteFormPage';
export { RouteKmlPage } from './RouteKmlPage';
