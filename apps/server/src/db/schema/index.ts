export * from './organisations.ts';
export * from './users.ts';
export * from './auth.ts';
export * from './audit.ts';
export * from './mail.ts';
export * from './admin-divisions.ts';
