/** Chip colours of the device statuses (spec 02 §4). */
import type { DeviceStatus } from '@civicfleet/shared';

export const STATUS_COLOR: Record<DeviceStatus, 'default' | 'info' | 'success' | 'error'> = {
  NEW: 'default',
  ALLOCATED: 'info',
  INSTALLED: 'success',
  DEFECTED: 'error',
};
