/** The wallet (spec 02 §2 Wallet): the account page of ADMIN / RFC_ADMIN and the platform's wallet administration. */
export { AccountWalletPage } from './AccountWalletPage';
export { WalletAdminPage } from './WalletAdminPage';
