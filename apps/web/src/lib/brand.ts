/**
 * The tenant brand chosen at build time (BRAND env → brands/<brand>.json, aliased as @brand in vite.config.ts).
 * vite.config.ts validates the file with the contract's BrandSchema before building, so here it is only typed: that
 * keeps zod off the sign-in route (bundle budget, ARCHITECTURE.md "Front end").
 */
import type { Brand } from '@civicfleet/shared';
import brandJson from '@brand';

/** The brand as the browser sees it: the server keeps the default password of new accounts to itself. */
export type PublicBrand = Omit<Brand, 'defaultPassword'>;

export const brand: PublicBrand = brandJson;
