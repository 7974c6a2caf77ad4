import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface TableToolbarProps {
  title: string;
  titleId: string;
  subtitle?: string;
  search?: { value: string; placeholder?: string; onChange: (value: string) => void };
  /** Page buttons and the export menu. */
  children?: ReactNode;
}

/** Title, search box and the toolbar's buttons; wraps under the title on narrow screens. */
export function TableToolbar({ title, titleId, subtitle, search, children }: TableToolbarProps) {
  const { t } = useTranslation('table');
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 2,
        px: 2,
        py: 1.5,
      }}
    >
      <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
        <Typography id={titleId} variant="h6" component="h2" noWrap>
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary">
            {subtitle}
          </Typography>
        )}
      </Box>
      {search && (
        <TextField
          type="search"
          size="small"
          value={search.value}
          onChange={(event) => search.onChange(event.target.value)}
          placeholder={search.placeholder ?? t('search.placeholder')}
          sx={{ flex: '0 1 280px', minWidth: 180 }}
          slotProps={{
            htmlInput: { 'aria-label': t('search.label') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
      {children}
    </Box>
  );
}
