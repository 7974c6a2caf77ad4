/**
 * Providers above the router: theme (follows the system light/dark preference), server state and notifications
 * (at most 6, bottom right: spec 01 §9). The session provider sits inside the router (see router.tsx) because it
 * navigates; the date pickers' provider wraps the app and public layouts (components/DatePickerProvider.tsx) to keep
 * dayjs out of the sign-in route.
 */
import CssBaseline from '@mui/material/CssBaseline';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ThemeProvider } from '@mui/material/styles';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { type ReactNode, useMemo, useState } from 'react';
import '@/lib/i18n';
import { createQueryClient } from '@/api/query-client';
import { createAppTheme } from './theme';

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own client to start from an empty cache. */
  queryClient?: QueryClient;
}

export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const theme = useMemo(() => createAppTheme(prefersDark ? 'dark' : 'light'), [prefersDark]);
  const [ownClient] = useState(() => createQueryClient());

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <QueryClientProvider client={queryClient ?? ownClient}>
        <SnackbarProvider maxSnack={6} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}>
          {children}
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
