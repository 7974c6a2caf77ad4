/** Device commands (issue 3 "Commands"): POST /command queues one, GET /command?deviceId= lists a device's log. */
import { z } from 'zod';

export const COMMAND_TYPES = ['custom', 'engineStop', 'engineResume', 'getInfo'] as const;
export type CommandType = (typeof COMMAND_TYPES)[number];

export const COMMAND_STATUSES = ['queued', 'sent', 'answered', 'expired', 'failed'] as const;
export type CommandStatusName = (typeof COMMAND_STATUSES)[number];

const idString = z.string().regex(/^\d{1,18}$/, 'Must be a numeric id');

export const SendCommandSchema = z.object({
  deviceId: idString,
  type: z.enum(COMMAND_TYPES),
  /** `custom`: { text } sent as is (AIS-140 `SET/GET/CLR KEY[:VALUE]`, GT06 text, Teltonika Codec 12 text). */
  params: z
    .object({
      text: z.string().trim().min(1).max(200).optional(),
      /** Minutes the command may wait for the device to connect (default 24 h). */
      expiresInMinutes: z
        .number()
        .int()
        .min(1)
        .max(7 * 24 * 60)
        .optional(),
    })
    .default({}),
});
export type SendCommand = z.infer<typeof SendCommandSchema>;

export const CommandListQuerySchema = z.object({
  deviceId: idString,
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type CommandListQuery = z.infer<typeof CommandListQuerySchema>;

export const CommandSchema = z.object({
  id: z.string(),
  deviceId: z.string(),
  type: z.string(),
  /** The protocol text sent to the device. */
  text: z.string(),
  status: z.enum(COMMAND_STATUSES),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
  expiresAt: z.string(),
  response: z.string().nullable(),
});
export type Command = z.infer<typeof CommandSchema>;
export const CommandListSchema = z.array(CommandSchema);
