import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { BrandLogo } from '@/components/BrandLogo';
import { brand } from '@/lib/brand';

interface AuthLayoutProps {
  title: string;
  subtitle: string;
  children: ReactNode;
}

/**
 * The public sign-in screens (spec 01 §2.8): a brand panel on the left (logo, product name, login text; desktop
 * only, md and up) and a card on the right.
 */
export function AuthLayout({ title, subtitle, children }: AuthLayoutProps) {
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box
        component="aside"
        sx={{
          display: { xs: 'none', md: 'flex' },
          flexDirection: 'column',
          justifyContent: 'center',
          gap: 3,
          width: { md: 400, lg: 480 },
          flexShrink: 0,
          px: 6,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
        }}
      >
        <Box
          sx={{
            bgcolor: 'background.paper',
            color: 'text.primary',
            borderRadius: 2,
            px: 2,
            py: 1.5,
            alignSelf: 'start',
          }}
        >
          <BrandLogo sizePx={40} withName />
        </Box>
        <Typography variant="h5" component="p" sx={{ fontWeight: 600, lineHeight: 1.4 }}>
          {brand.loginText}
        </Typography>
      </Box>
      <Box
        component="main"
        sx={{
          flex: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          px: 2,
          py: { xs: 4, md: 6 },
        }}
      >
        <Box sx={{ width: '100%', maxWidth: 480 }}>
          <Box sx={{ display: { xs: 'flex', md: 'none' }, justifyContent: 'center', mb: 3 }}>
            <BrandLogo sizePx={40} withName />
          </Box>
          <Card variant="outlined">
            <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
              <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
                {title}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {subtitle}
              </Typography>
              {children}
            </CardContent>
          </Card>
        </Box>
      </Box>
    </Box>
  );
}
