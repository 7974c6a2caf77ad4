import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchDialog } from './SearchDialog';
import { useSearchShortcut } from './use-search-shortcut';

/** The header's search button (a wide one on larger screens) with its keyboard shortcut and dialog. */
export function GlobalSearch() {
  const { t } = useTranslation('search');
  const [isOpen, setOpen] = useState(false);
  const open = useCallback(() => setOpen(true), []);
  useSearchShortcut(open);
  return (
    <>
      <Tooltip title={t('open')}>
        <IconButton onClick={open} aria-label={t('open')} sx={{ display: { xs: 'inline-flex', md: 'none' } }}>
          <SearchIcon />
        </IconButton>
      </Tooltip>
      <Button
        onClick={open}
        variant="outlined"
        color="inherit"
        startIcon={<SearchIcon />}
        aria-label={t('open')}
        sx={{
          display: { xs: 'none', md: 'inline-flex' },
          minWidth: 260,
          justifyContent: 'flex-start',
          color: 'text.secondary',
          borderColor: 'divider',
          fontWeight: 400,
        }}
      >
        <Box component="span" sx={{ flexGrow: 1, textAlign: 'left' }}>
          {t('placeholder')}
        </Box>
        <Box
          component="kbd"
          sx={{
            ml: 2,
            px: 0.75,
            fontSize: 12,
            fontFamily: 'inherit',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
          }}
        >
          {t('shortcut')}
        </Box>
      </Button>
      <SearchDialog open={isOpen} onClose={() => setOpen(false)} />
    </>
  );
}
