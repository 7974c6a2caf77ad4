import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { Suspense } from 'react';
import { Link as RouterLink, Outlet } from 'react-router';
import { BrandLogo } from '@/components/BrandLogo';
import { DatePickerProvider } from '@/components/DatePickerProvider';
import { paths } from '@/lib/paths';
import { HEADER_HEIGHT_PX } from '../theme';
import { AppFooter } from './AppFooter';
import { ContentLoader } from './ContentLoader';
import { LanguageSwitcher } from './LanguageSwitcher';

/** Frame of the public pages (terms, privacy, port checker, shared views): no sign-in, no sidebar. */
export function PublicLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar position="sticky" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar sx={{ height: HEADER_HEIGHT_PX }}>
          <Link component={RouterLink} to={paths.home} underline="none" color="inherit">
            <BrandLogo withName />
          </Link>
          <Box sx={{ flexGrow: 1 }} />
          <LanguageSwitcher />
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="md" sx={{ flexGrow: 1, py: { xs: 3, md: 5 } }}>
        <DatePickerProvider>
          <Suspense fallback={<ContentLoader />}>
            <Outlet />
          </Suspense>
        </DatePickerProvider>
      </Container>
      <AppFooter />
    </Box>
  );
}
