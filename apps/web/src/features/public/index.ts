export { PrivacyPolicyPage, TermsOfUsePage } from './LegalDocument';
export { PortCheckerPage } from './PortCheckerPage';
export { PublicComingSoonPage } from './PublicComingSoonPage';
