/** The tenant brand chosen at build time (BRAND env → brands/<brand>.json, aliased as @brand in vite.config.ts). */
import { BrandSchema, type Brand } from '@civicfleet/shared';
import brandJson from '@brand';

export const brand: Brand = BrandSchema.parse(brandJson);
