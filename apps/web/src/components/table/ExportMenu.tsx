import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from './use-table-export';

interface ExportMenuProps {
  onExport: (format: ExportFormat) => void;
  /** undefined: idle; null: working, no percentage; else the percentage of rows fetched. */
  progress: number | null | undefined;
}

const FORMATS: ExportFormat[] = ['csv', 'xlsx', 'pdf'];

/** The toolbar's Export button and its menu of formats, with the progress of a running export. */
export function ExportMenu({ onExport, progress }: ExportMenuProps) {
  const { t } = useTranslation('table');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const isBusy = progress !== undefined;
  const status = progress === null ? t('export.preparing') : t('export.progress', { percent: progress });

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      {isBusy && (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CircularProgress
            size={20}
            aria-label={status}
            {...(typeof progress === 'number' ? { variant: 'determinate', value: progress } : {})}
          />
          <Typography variant="body2" color="text.secondary">
            {status}
          </Typography>
        </Box>
      )}
      <Button
        variant="outlined"
        startIcon={<FileDownloadIcon />}
        disabled={isBusy}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('export.button')}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': t('export.menu') } }}
      >
        {FORMATS.map((format) => (
          <MenuItem
            key={format}
            onClick={() => {
              setAnchor(null);
              onExport(format);
            }}
          >
            {t(`export.${format}`)}
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
}
