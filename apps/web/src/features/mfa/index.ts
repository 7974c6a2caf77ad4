/** Two-step verification (TOTP): the account page and the enrolment the platform requires. */
export { MfaRequiredPage } from './MfaRequiredPage';
export { TwoStepPage } from './TwoStepPage';
