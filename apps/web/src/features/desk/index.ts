/**
 * The SOS and critical-alerts desk (module sos-desk): the desk page, the compact panel for the live-tracking page,
 * and the app bar's indicator.
 */
export { SosDeskPage } from './SosDeskPage';
export { DeskPanel, type DeskPanelProps } from './DeskPanel';
export { DeskIndicator } from './DeskIndicator';
