import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { ReactNode } from 'react';

/**
 * Date pickers' adapter (dayjs). It wraps the app and public layouts rather than the whole app: no sign-in screen has
 * a picker, and dayjs with the adapter costs ~8 kB gzip that the sign-in route's budget cannot spare.
 */
export function DatePickerProvider({ children }: { children: ReactNode }) {
  return <LocalizationProvider dateAdapter={AdapterDayjs}>{children}</LocalizationProvider>;
}
