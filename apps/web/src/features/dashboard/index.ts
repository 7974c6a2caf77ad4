/** The dashboards (spec 01 §2.3): /dashboard, /dashboardv2 (new), /fleet-dashboard (beta). */
export { CityDashboardPage } from './CityDashboardPage';
export { DivisionsDashboardPage } from './DivisionsDashboardPage';
export { FleetDashboardPage } from './FleetDashboardPage';
