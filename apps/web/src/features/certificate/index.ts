export { CertificatePage } from './CertificatePage';
export { CertificateSearchPage } from './CertificateSearchPage';
