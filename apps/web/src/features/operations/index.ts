/** SWM operations screens (issue 7): dump yard, the operator's entry screen, vehicle jobs and the scorecard. */
export { DumpYardPage } from './DumpYardPage';
export { DumpYardEntryPage } from './DumpYardEntryPage';
export { JobRunPage } from './JobRunPage';
export { ScorecardPage } from './ScorecardPage';
