/** Tenant branding (spec 01 §1): chosen by BRAND at build time from brands/<brand>.json. */
import { z } from 'zod';

export const BrandSchema = z.object({
  id: z.string(),
  name: z.string(),
  shortName: z.string(),
  loginText: z.string(),
  trackerName: z.string(),
  colors: z.object({ primary: z.string(), secondary: z.string() }),
  /** API root; empty = same origin as the console. */
  apiBase: z.string(),
  address: z.string(),
  supportEmail: z.string(),
  adminEmail: z.string(),
  defaultPassword: z.string(),
  bank: z.object({
    beneficiary: z.string(),
    accountNumber: z.string(),
    ifsc: z.string(),
    branchName: z.string(),
  }),
  /**
   * Base maps offered by the map's layer switcher besides the built-in offline one (which needs no network): MapLibre
   * style URLs, raster or vector. None = offline only (an air-gapped deployment, tests).
   */
  mapStyles: z
    .array(z.object({ id: z.string().regex(/^[a-z0-9-]+$/), name: z.string(), url: z.url() }))
    .optional(),
});
export type Brand = z.infer<typeof BrandSchema>;
