/** Sign-in screens (spec 01 §2.1, §2.8) and Change Password (§2.3). Named exports for lazy routes. */
export { ChangePasswordPage } from './change-password-page';
export { ForgotPasswordPage } from './forgot-password-page';
export { LoginPage } from './login-page';
export { ResetPasswordPage } from './reset-password-page';
