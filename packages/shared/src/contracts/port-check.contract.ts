import { z } from 'zod';

export const PortCheckQuerySchema = z.object({
  host: z
    .string()
    .trim()
    .min(1, 'The host is required')
    .max(253)
    .regex(/^[A-Za-z0-9.-]+$|^[0-9a-fA-F:]+$/, 'Enter a host name or an IP address'),
  port: z.coerce
    .number()
    .int('The port must be a whole number')
    .min(1, 'Ports run from 1 to 65535')
    .max(65535, 'Ports run from 1 to 65535'),
});

export const PortCheckResultSchema = z.object({
  host: z.string(),
  address: z.string(),
  port: z.number(),
  open: z.boolean(),
  latencyMs: z.number().nullable(),
  error: z.string().nullable(),
});
export type PortCheckResult = z.infer<typeof PortCheckResultSchema>;
