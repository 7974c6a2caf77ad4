import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { BulkAction } from './types';

interface BulkActionBarProps<T> {
  selected: T[];
  actions: BulkAction<T>[];
  onClear: () => void;
}

/** Shown while rows are selected: the count, the permitted bulk actions and a way to clear the selection. */
export function BulkActionBar<T>({ selected, actions, onClear }: BulkActionBarProps<T>) {
  const { t } = useTranslation('table');
  return (
    <Box
      role="region"
      aria-label={t('selection.count', { count: selected.length })}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        px: 2,
        py: 1,
        bgcolor: (theme) => alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.16 : 0.08),
      }}
    >
      <Typography variant="body2" sx={{ flexGrow: 1, fontWeight: 600 }}>
        {t('selection.count', { count: selected.length })}
      </Typography>
      {actions.map((action) => (
        <Button
          key={action.id}
          size="small"
          variant="contained"
          color={action.isDestructive ? 'error' : 'primary'}
          startIcon={action.icon}
          onClick={() => void action.onSelect(selected)}
        >
          {action.label}
        </Button>
      ))}
      <Button size="small" onClick={onClear}>
        {t('selection.clear')}
      </Button>
    </Box>
  );
}
